// How the course API takes messages (web/course/course-api.js): each is checked when it
// comes (its envelope here, its fields against the message table); hello, which reads
// nothing that changes, is answered at once. The others run one at a time, in the order
// they came, at most MAX_PENDING waiting (beyond, `busy`); get-state messages that wait
// side by side share one reading of the state. Refusals (a bad message, `busy`, `origin`)
// wait in the outbox until the lab has read the messages that came.
//
// Posting an answer to another window costs the lab's thread about three times what
// reading the message does (a flood of 10,000 get-state from a page of another origin,
// load 14 on 2 cores: the lab read them in 2.3 s when it answered none, in 9.4 s when it
// answered each at once; a hello behind them waited for all of it). So refusals are sent
// by a background task (scheduler.postTask, priority background: the browser runs it
// when no message or frame is waiting), OUTBOX_CHUNK at a time, oldest first: a hello
// or get-state behind a flood is read, and answered, before the flood's refusals. A
// refusal keeps only its answer (id, type, error text), never the message's fields; the
// outbox holds at most MAX_OUTBOX, beyond which the oldest are sent at once.
//
//   new CourseInbox(win, {messages, versions, allowed(origin), send(source, origin, msg, version)})
//   take(data, from)   from: {source, origin}

import { Refusal, checkFields, errorAnswer } from './course-fields.js';

// Messages accepted and not yet answered, at most (issue 43): any page may post (without
// origins=), and 10,000 queued get-state messages held the API for over 5 minutes; the
// rest are refused at once with the code `busy`, and nothing of them is kept.
export const MAX_PENDING = 32;
// Refusals waiting to be sent (the outbox), at most; sent OUTBOX_CHUNK per task.
export const MAX_OUTBOX = 16384;
const OUTBOX_CHUNK = 256;
const OUTBOX_WAIT_MS = 1000; // a refusal waits at most about this long for a background task
const MAX_ID_LENGTH = 200;
const BUSY = { type: 'error', ok: false, code: 'busy', error: `the lab has ${MAX_PENDING} messages waiting: this one was not taken; send it again once they are answered` };

export class CourseInbox {
  constructor(win, { messages, versions, allowed, send }) {
    Object.assign(this, { messages, versions, allowed, send });
    this.outbox = [];   // [answer, message] of refusals not yet sent, oldest first
    this.background = false;
    this.timer = false;
    this.tasks = [];    // {type, run(), answers: [answer], started} waiting, in order
    this.pending = 0;   // messages accepted and not yet answered
    this.working = false;
    this.later = win.scheduler && typeof win.scheduler.postTask === 'function'
      ? (fn) => win.scheduler.postTask(fn, { priority: 'background' }) : (fn) => setTimeout(fn, 0);
  }

  /** A message from a page: answered at once (hello), queued, or refused. */
  take(data, from) {
    const msg = this.accept(data, from);
    if (!msg) return;
    const { type, spec, fields, answer } = msg;
    if (type === 'hello') {
      Promise.resolve().then(() => spec.run(fields, from))
        .then((result) => answer({ type: 'reply', ok: true, result }), (err) => answer(errorAnswer(err)));
      return;
    }
    if (this.pending >= MAX_PENDING) {
      this.refuseLater(answer, BUSY);
      return;
    }
    this.pending++;
    const last = this.tasks[this.tasks.length - 1];
    if (type === 'get-state' && last && last.type === 'get-state' && !last.started) last.answers.push(answer);
    else this.tasks.push({ type, run: () => spec.run(fields, from), answers: [answer] });
    this.work();
  }

  /** The message checked: {type, spec, fields, answer}, or null once its refusal is queued. */
  accept(data, from) {
    const object = data !== null && typeof data === 'object';
    const id = object && (typeof data.id === 'string' || Number.isFinite(data.id)) && String(data.id).length <= MAX_ID_LENGTH ? data.id : null;
    const type = object && typeof data.type === 'string' ? data.type.slice(0, 40) : null;
    // answered in the version asked in (1 when the message names none that is spoken here)
    from.version = object && this.versions.includes(data.softlab) ? data.softlab : 1;
    const answer = (msg) => this.send(from.source, from.origin, { id, request: type, ...msg }, from.version);
    try {
      const spec = this.checkEnvelope(data, from, id, type);
      return { type, spec, fields: checkFields(spec, data, data.softlab), answer };
    } catch (err) {
      this.refuseLater(answer, errorAnswer(err));
      return null;
    }
  }

  /** The message's table entry once its origin, version, id and type are valid; else throws. */
  checkEnvelope(data, from, id, type) {
    const { versions } = this;
    if (!this.allowed(from.origin)) {
      // the allow-list is not told to a page it refuses
      throw new Refusal('origin', `origin ${from.origin} may not use this lab (the lab URL's origins parameter does not list it)`);
    }
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      throw new Refusal('malformed', 'a softlab message is an object {softlab: 1, type, id?, ...fields}');
    }
    if (!Object.hasOwn(data, 'softlab')) throw new Refusal('malformed', 'no “softlab” version field: a softlab message is {softlab: 1, type, id?, ...fields}');
    if (!versions.includes(data.softlab)) {
      throw new Refusal('version', `version ${String(data.softlab).slice(0, 20)} is not spoken here; versions: ${versions.join(', ')}`, { versions });
    }
    if (Object.hasOwn(data, 'id') && id === null) throw new Refusal('malformed', `id must be a string or a number (at most ${MAX_ID_LENGTH} characters)`);
    if (type === null) throw new Refusal('malformed', 'no message type (a string)');
    const spec = Object.hasOwn(this.messages, type) ? this.messages[type] : null;
    if (!spec) throw new Refusal('unknown-message', `unknown message “${type}”; messages: ${Object.keys(this.messages).join(', ')}`);
    if (data.softlab < spec.version) throw new Refusal('version', `${type} is version ${spec.version}'s: send softlab: ${spec.version}`, { versions });
    return spec;
  }

  /** Runs the waiting tasks one at a time. */
  async work() {
    if (this.working) return;
    this.working = true;
    while (this.tasks.length) {
      const task = this.tasks.shift();
      task.started = true;
      try {
        const result = await task.run();
        for (const answer of task.answers) answer({ type: 'reply', ok: true, result });
      } catch (err) {
        for (const answer of task.answers) answer(errorAnswer(err));
      }
      this.pending -= task.answers.length;
    }
    this.working = false;
  }

  // ---- the outbox of refusals ----------------------------------------------------------------
  // A lab whose thread never idles (a heavy comparison playing) would starve background
  // tasks: a timer sends a chunk too, every OUTBOX_WAIT_MS while the outbox is not empty.

  refuseLater(answer, msg) {
    this.outbox.push([answer, msg]);
    if (this.outbox.length > MAX_OUTBOX) this.sendChunk();
    if (!this.background) {
      this.background = true;
      this.later(() => this.flush());
    }
    if (!this.timer) {
      this.timer = true;
      setTimeout(() => this.flushStale(), OUTBOX_WAIT_MS);
    }
  }

  sendChunk() { for (const [answer, msg] of this.outbox.splice(0, OUTBOX_CHUNK)) answer(msg); }

  flush() {
    this.sendChunk();
    this.background = this.outbox.length > 0;
    if (this.background) this.later(() => this.flush());
  }

  flushStale() {
    this.sendChunk();
    this.timer = this.outbox.length > 0;
    if (this.timer) setTimeout(() => this.flushStale(), OUTBOX_WAIT_MS);
  }
}
