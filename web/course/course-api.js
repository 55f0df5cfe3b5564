// The course author's API (issue 30): a page that embeds the lab in an iframe drives it
// with window.postMessage, through a versioned message set documented in README.md
// ("Course API"). It sits on what the lab shows to tests and the console (window.softlab,
// web/lab/lab-face.js): its settled() state, its control functions (the ones the page's own
// controls call, so the URL and the controls follow) and its events. It judges nothing:
// every verdict and bound it reports is the core's, as the panels show them.
//
//   startCourseApi(win, lab, {origins, notice, locks})   listens on win; origins: the URL's
//                                                  `origins` parameter (null: any origin);
//                                                  locks: web/course/control-locks.js controlLocks
//
// Every message in and out is a plain object {softlab: version, type, ...}. A message
// that is not valid in every field is answered with an error and changes nothing.
// The parts: the message table (course-messages.js: fields, checks, one handler each),
// the lab's state read, saved and loaded (course-state.js), the events and subscriptions
// (course-events.js), the student's actions on the page (course-watch.js), how messages
// are taken, queued and refused (course-inbox.js) and the field checks (course-fields.js).
// Version 2 (issue 45) adds set-controls, save-state, load-state, get-plot-data, the
// action and samples events and set's iterations; version 1's messages are answered as
// before, each answer in the version its request was written in.

import { CourseEvents } from './course-events.js';
import { CourseInbox } from './course-inbox.js';
import { VERSIONS, messagesFor } from './course-messages.js';
import { watchControls } from './course-watch.js';
import { t } from '../ui/messages.js';

export { VERSION, VERSIONS } from './course-messages.js';
export { STATE_FORMAT, STATE_VERSION } from './course-state.js';
export { MAX_OUTBOX, MAX_PENDING } from './course-inbox.js';
const MAX_ORIGINS = 20;

/** The allow-list of the `origins` URL parameter: {any, list, problems}. null (absent) or
 *  '*': any origin. Else comma-separated origins (scheme://host[:port], http or https);
 *  entries that are not are listed in problems and allow nothing. Empty: no other origin. */
export function parseOrigins(text) {
  if (text === null || text === undefined || text.trim() === '*') return { any: true, list: [], problems: [] };
  const list = [], problems = [];
  for (const raw of text.split(',').map((s) => s.trim()).filter(Boolean).slice(0, MAX_ORIGINS)) {
    let origin = '';
    try {
      const u = new URL(raw);
      if ((u.protocol === 'http:' || u.protocol === 'https:') && u.origin === raw.replace(/\/$/, '')) origin = u.origin;
    } catch { /* not a URL */ }
    if (origin) list.push(origin);
    else problems.push(raw.length > 40 ? raw.slice(0, 40) + '…' : raw);
  }
  return { any: false, list, problems };
}

export function startCourseApi(win, lab, { origins = null, notice = () => {}, locks = null } = {}) {
  const policy = parseOrigins(origins);
  for (const p of policy.problems) notice(t('course.bad_origin', { entry: p }));
  const self = win.location.origin;
  // an answer or event is written in the version of the message it answers (subscribes)
  const send = (source, origin, msg, version = 1) => {
    try {
      source.postMessage({ softlab: version, ...msg }, origin === 'null' ? '*' : origin);
    } catch { /* a closed window, or a value that does not clone: nothing to answer */ }
  };
  const events = new CourseEvents(win, lab, send);
  // the student's own use of the page's controls, as action events (a page without a
  // document, such as the tests' stand-in window, has none to watch)
  if (win.document) watchControls(win, win.document, (action) => events.act(action));
  const inbox = new CourseInbox(win, {
    messages: messagesFor({ lab, infos: lab.control.params, events, locks }),
    versions: VERSIONS,
    allowed: (origin) => origin === self || policy.any || policy.list.includes(origin),
    send,
  });
  win.addEventListener('message', (e) => {
    if (e.source === win || !e.source) return; // the page's own messages (and Workers' have their own ports)
    const data = e.data;
    // the lab's own answers, bounced back by a page that echoes: never answered (no loops)
    if (data && typeof data === 'object' && data.softlab !== undefined && ['reply', 'error', 'event'].includes(data.type)) return;
    inbox.take(data, { source: e.source, origin: e.origin });
  });
  // an embedding page learns that the lab is listening (to the origins it may tell)
  if (win.parent && win.parent !== win) {
    const ready = { type: 'event', event: 'ready', versions: VERSIONS, scene: lab.scene, panels: lab.panels.length };
    for (const origin of policy.any ? ['*'] : policy.list) send(win.parent, origin, ready); // version 1's envelope: any page reads it
  }
  return { policy };
}
