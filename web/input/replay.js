// Record and replay of the mouse input that changes the physics (grab, move, release,
// pin). Each event carries the lab's clock when it happened; on replay every panel
// applies it before its first step at or after that time, so a replay is exactly the
// same in every run (deterministic steppers, same start state, step-aligned input).

export class Replay {
  constructor() {
    this.events = [];      // {t, kind, node?, target?, pinned?}
    this.recording = false;
    this.playing = false;
    this.startPins = [];   // nodes pinned when the recording started
  }

  get hasRecording() {
    return this.events.length > 0 && !this.recording;
  }

  start(pins) {
    this.events = [];
    this.startPins = [...pins];
    this.recording = true;
    this.playing = false;
  }

  stop() {
    this.recording = false;
    this.playing = false;
  }

  add(t, event) {
    if (this.recording) this.events.push({ ...event, t });
  }

  play() {
    this.recording = false;
    this.playing = true;
  }

  /** JSON text of the recording (to save or share). */
  toJSON() {
    return JSON.stringify({ startPins: this.startPins, events: this.events });
  }
}
