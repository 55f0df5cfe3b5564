// The course API's events (web/course/course-api.js): the subscriptions of embedding pages
// and what is sent to them — diverged, time, answered (version 1), action and samples
// (version 2). Each event is written in the version of the subscribe message.
//
//   new CourseEvents(win, lab, send)   lab: the lab's face (web/lab/lab-face.js); send(source,
//                                      origin, msg, version) posts one message
//   subscribe(fields, from) -> reply   unsubscribe(fields, from) -> reply   size
//   act(action)                        one of the student's actions (web/course/course-watch.js)

import { Refusal, fin } from './course-fields.js';
import { plotted, theoryDt } from './course-state.js';

const MAX_ACTIONS = 256; // actions waiting to be sent (a task's worth), at most

export class CourseEvents {
  constructor(win, lab, send) {
    this.win = win;
    this.lab = lab;
    this.send = send;
    this.subscriptions = new Map(); // id -> {event, t, rate, channels, next, timer, source, origin, version}
    this.nextId = 1;
    this.shownTime = 0;             // s: the time the lab last showed
    this.actions = [];              // actions waiting for their task
    this.actionsDropped = 0;
    this.actionTask = false;
    lab.on('diverged', (e) => this.diverged(e));
    lab.on('answered', (e) => this.answered(e));
    lab.on('frame', (shown) => this.frame(shown));
    lab.on('input', (e) => this.input(e));
  }

  get size() { return this.subscriptions.size; }

  subscribe(f, from) {
    const id = this.nextId++;
    this.subscriptions.set(id, { event: f.event, t: f.t, rate: f.rate, channels: f.channels, next: undefined, timer: 0, ...from });
    if (f.event === 'samples') setTimeout(() => this.sampleTick(id), 0); // the first at once, after the reply
    return {
      subscription: id, event: f.event, ...(f.event === 'time' ? { t: f.t } : {}),
      ...(f.event === 'samples' ? { rate: f.rate, channels: f.channels || [plotted(this.lab)] } : {}),
    };
  }

  unsubscribe(f, from) {
    const s = this.subscriptions.get(f.subscription);
    if (!s || s.source !== from.source) throw new Refusal('bad-field', `no subscription ${f.subscription} of this page`);
    this.subscriptions.delete(f.subscription);
    return { subscription: f.subscription, removed: true };
  }

  /** detail to every subscriber of event (a page that went away is forgotten). */
  emit(event, detail) {
    for (const [id, s] of this.subscriptions) {
      if (s.source.closed) this.subscriptions.delete(id);
      else if (s.event === event) this.send(s.source, s.origin, { type: 'event', event, subscription: id, ...detail }, s.version);
    }
  }

  diverged({ panel, t }) {
    const p = this.lab.state().panels[panel];
    this.emit('diverged', { panel, t, method: p.method, dt: p.dt, verdict: p.verdict, reason: p.reason });
  }

  answered({ panel, result }) {
    const p = this.lab.state().panels[panel];
    this.emit('answered', {
      question: 'stable-dt', panel, method: p.method, dt: p.dt,
      stableDt: result ? fin(result.dt) : null, capped: result ? !!result.capped : false,
      theoryDt: fin(theoryDt(p)), failed: !result,
    });
    this.act({ action: 'answered', question: 'stable-dt', panel, stableDt: result ? fin(result.dt) : null });
  }

  /** A frame shown at time `shown` (s): the time events it reaches (once each), and samples. */
  frame(shown) {
    for (const [id, s] of this.subscriptions) {
      if (s.source.closed) this.subscriptions.delete(id);
      if (s.event !== 'time' || shown < s.t || s.source.closed) continue;
      this.subscriptions.delete(id); // once
      this.send(s.source, s.origin, { type: 'event', event: 'time', subscription: id, t: s.t, shown }, s.version);
    }
    this.shownTime = shown;
    for (const [id, s] of this.subscriptions) if (s.event === 'samples') this.sampleTick(id);
  }

  // ---- samples (version 2): the plotted channels, at the rate asked ------------------------
  // Due on the rate's clock (a late event does not delay the next; one a whole period late
  // starts the clock again from now) and sent by whichever comes first once due: the frame
  // loop (the time shown moves once a frame) or the subscription's timer (a browser slows
  // the frames of a loaded machine or of a frame it deems out of sight, and the timers of
  // another: either alone gave 1 to 6 events a second of 10 asked). One event when due,
  // the latest sample each panel shows: nothing waits, so nothing piles up.
  sampleTick(id) {
    const s = this.subscriptions.get(id);
    if (!s || s.event !== 'samples') return; // unsubscribed
    if (s.source.closed) {
      this.subscriptions.delete(id);
      return;
    }
    const { performance } = this.win;
    if (s.next !== undefined && performance.now() < s.next - 1) return; // not due yet
    clearTimeout(s.timer);
    this.send(s.source, s.origin, { type: 'event', event: 'samples', subscription: id, t: fin(this.shownTime),
      panels: this.latestSamples(s.channels || [plotted(this.lab)]) }, s.version);
    const period = 1000 / s.rate, now = performance.now();
    s.next = s.next === undefined || now - (s.next + period) > period ? now + period : s.next + period;
    s.timer = setTimeout(() => this.sampleTick(id), Math.max(0, s.next - now));
  }

  /** Each panel's latest chart sample shown, of the channels: [{index, t, values}]. */
  latestSamples(channels) {
    return this.lab.panels.map((_, i) => {
      const x = this.lab.latestSample(i);
      return { index: i, t: x ? fin(x.t) : null, values: Object.fromEntries(channels.map((c) => [c, x ? fin(x[c]) : null])) };
    });
  }

  // ---- actions (version 2): what the student does ------------------------------------------
  // Read where the student acts (the page's controls and keys, grab and pin input, the
  // lab's answers), never what the course API itself changes. They wait for one task, at
  // most MAX_ACTIONS (the oldest go beyond, counted in the next event's `dropped`).

  input(e) {
    if (e.kind === 'grab') this.act({ action: 'grab', node: e.node });
    else if (e.kind === 'release') this.act({ action: 'release' });
    else if (e.kind === 'pin') this.act({ action: 'pin', node: e.node, pinned: !!e.pinned });
  }

  act(action) {
    if (![...this.subscriptions.values()].some((s) => s.event === 'action')) return;
    this.actions.push({ t: fin(this.lab.time()), ...action });
    if (this.actions.length > MAX_ACTIONS) {
      this.actions.shift();
      this.actionsDropped++;
    }
    if (!this.actionTask) {
      this.actionTask = true;
      setTimeout(() => this.flushActions(), 0);
    }
  }

  flushActions() {
    this.actionTask = false;
    const list = this.actions.splice(0), dropped = this.actionsDropped;
    this.actionsDropped = 0;
    list.forEach((a, k) => this.emit('action', k === 0 && dropped ? { ...a, dropped } : a));
  }
}
