// What the course API's tests share (tests/web/course-api.test.js, course-api-v2.test.js):
// the example course page served from a second origin, embedding the lab of the staged
// site, and a client installed in the course page's window that speaks the API to an
// iframe as a course page's own script would.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { SITE, serveDir } = require('./harness');

/** Serves the example course page (web/examples/course-quiz.html) as http://localhost:P2,
 *  its iframe naming the lab of site (http://127.0.0.1:P1), and opens it in a new page of
 *  site's browser once the quiz's handshake (ready, hello) has enabled its button.
 *  Resolves to {course, page, lab (the lab's frame)}; closeCourse(course) stops it. */
async function openCourse(site) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'softlab-course-'));
  fs.mkdirSync(path.join(dir, 'examples'));
  for (const f of ['course-quiz.js', 'course-quiz.css']) fs.copyFileSync(path.join(SITE, 'examples', f), path.join(dir, 'examples', f));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>a course</title>');
  const course = await serveDir(dir, 'localhost');
  course.dir = dir;
  // the course page names the lab in the page (the iframe's data-lab; ?lab= may only name a
  // lab page of the course page's own origin)
  const html = fs.readFileSync(path.join(SITE, 'examples', 'course-quiz.html'), 'utf8');
  if (!html.includes('data-lab="../index.html"')) throw new Error('course-quiz.html no longer names its lab as data-lab="../index.html"');
  fs.writeFileSync(path.join(dir, 'examples', 'course-quiz.html'), html.replace('data-lab="../index.html"', `data-lab="${site.base}/index.html"`));
  const page = await site.browser.newPage({ viewport: { width: 1200, height: 1100 } });
  page.setDefaultTimeout(60000);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${course.base}/examples/course-quiz.html`);
  await page.waitForFunction(() => !document.querySelector('#check').disabled, null, { timeout: 60000 });
  const lab = page.frames().find((f) => f.url().startsWith(site.base));
  return { course, page, lab };
}

function closeCourse(course) {
  if (!course) return;
  course.server.kill();
  fs.rmSync(course.dir, { recursive: true, force: true });
}

/** Installs, in page's window, for the iframe sel: el.__api(type, fields, envelope)
 *  (envelope {softlab: version, id} unless it says otherwise; resolves to the lab's answer,
 *  reply or error), el.__post(data, key) (posts anything; resolves to the answer whose id
 *  is key, 'none' for one without an id), el.__events (events received, each with the
 *  page's time `received`, ms) and el.__answers (every other message, in order). */
async function installClient(page, sel, version) {
  await page.evaluate(([s, v]) => {
    const el = document.querySelector(s);
    const target = new URL(el.src).origin;
    const waiting = new Map();
    el.__events = [];
    el.__answers = [];
    window.addEventListener('message', (e) => {
      if (e.source !== el.contentWindow) return;
      const m = e.data;
      if (m && m.type === 'event') { el.__events.push({ ...m, received: performance.now() }); return; }
      el.__answers.push(m);
      const key = m && m.id !== undefined && m.id !== null ? m.id : 'none';
      const w = waiting.get(key);
      if (w) { waiting.delete(key); w(m); }
    });
    let n = 0;
    el.__post = (data, key) => new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${JSON.stringify(data).slice(0, 200)} in 60 s`)), 60000);
      waiting.set(key, (m) => { clearTimeout(timer); resolve(m); });
      el.contentWindow.postMessage(data, target);
    });
    el.__api = (type, fields = {}, envelope = {}) => {
      const id = `test-${++n}`;
      return el.__post({ softlab: v, id, type, ...fields, ...envelope }, envelope.id === undefined ? id : envelope.id);
    };
  }, [sel, version]);
}

module.exports = { openCourse, closeCourse, installClient };
