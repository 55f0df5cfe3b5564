// Tells a reader who opened a page from disk (file://) what to do instead (issue 45 item 5).
// A classic script, not a module: browsers refuse module scripts, Web Workers and the fetch
// of softlab.wasm from file:// (the page's origin is opaque), but they still run a classic
// script of the same folder, so this one can say why nothing starts. Not inline: every page's
// Content Security Policy (and tools/serve.py's header) refuses inline scripts.
// Loaded (defer) by validation.html, lessons/index.html and every lesson; the lab's own
// boot.js says the same in its loading screen. From http(s) it does nothing. Its texts are
// the message table's file_notice.* (every language), from file-notice-texts.js, a classic
// script tools/messages.py --classic writes, which the pages load just before this one.
'use strict';

(() => {
  if (location.protocol !== 'file:') return;
  document.documentElement.dataset.cannotStart = '1';
  // this script sits at the site's top: the page's path below it names the address to open
  const me = document.currentScript && document.currentScript.src;
  const top = me ? me.slice(0, me.lastIndexOf('/') + 1) : '';
  const below = top && location.href.startsWith(top) ? location.href.slice(top.length) : '';
  // the page's language as web/ui/messages.js picks it: ?lang=, else the browser's, else English
  const tables = self.SOFTLAB_CLASSIC_TEXTS || {};
  const lang = [new URLSearchParams(location.search).get('lang'), ...(navigator.languages || [])]
    .map((tag) => String(tag || '').toLowerCase().split('-')[0]).find((l) => l && tables[l]) || 'en';
  const template = (id) => (tables[lang] || {})[id] || (tables.en || {})[id] || id;
  const folder = top ? decodeURIComponent(top.replace(/^file:\/\//, '')) : template('file_notice.folder_unknown');

  const show = () => {
    const box = document.createElement('section');
    box.className = 'file-notice';
    box.setAttribute('role', 'alert');
    box.setAttribute('aria-labelledby', 'file-notice-title');
    const h = document.createElement('h2');
    h.id = 'file-notice-title';
    h.textContent = template('file_notice.title');
    const why = document.createElement('p');
    why.textContent = template('file_notice.why');
    const steps = document.createElement('ol');
    // a step's template with its parameters as <code> (a folder, a command, an address)
    const step = (id, codes) => {
      const li = document.createElement('li');
      template(id).split(/\{(\w+)(?::[^}]*)?\}/).forEach((part, k) => {
        if (k % 2 === 0) { if (part) li.append(part); return; }
        const c = document.createElement('code');
        c.textContent = codes[part];
        li.append(c);
      });
      steps.append(li);
    };
    step('file_notice.step_folder', { folder });
    step('file_notice.step_run', { command: 'python3 -m http.server' });
    step('file_notice.step_open', { address: 'http://localhost:8000/' + below });
    box.append(h, why, steps);
    // the pages' style sheets differ: the notice styles itself through the CSSOM, which
    // style-src 'self' allows (an inline style attribute it would refuse)
    Object.assign(box.style, {
      margin: '1rem auto', maxWidth: '60rem', padding: '0.8rem 1.2rem', border: '2px solid #b3261e',
      borderRadius: '8px', background: '#fff4f2', color: '#1d2330', font: '16px/1.5 system-ui, sans-serif',
    });
    h.style.margin = '0 0 0.4rem';
    h.style.fontSize = '1.2rem';
    document.body.prepend(box);
    // texts that wait for the core ("loading softlab…") would wait for ever
    for (const el of document.querySelectorAll('[data-needs-server]')) el.textContent = template('file_notice.not_started');
  };
  if (document.body) show();
  else document.addEventListener('DOMContentLoaded', show);
})();
