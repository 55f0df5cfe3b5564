// Tells a reader who opened a page from disk (file://) what to do instead (issue 45 item 5).
// A classic script, not a module: browsers refuse module scripts, Web Workers and the fetch
// of softlab.wasm from file:// (the page's origin is opaque), but they still run a classic
// script of the same folder, so this one can say why nothing starts. Not inline: every page's
// Content Security Policy (and tools/serve.py's header) refuses inline scripts.
// Loaded (defer) by validation.html, lessons/index.html and every lesson; the lab's own
// boot.js says the same in its loading screen. From http(s) it does nothing.
'use strict';

(() => {
  if (location.protocol !== 'file:') return;
  document.documentElement.dataset.cannotStart = '1';
  // this script sits at the site's top: the page's path below it names the address to open
  const me = document.currentScript && document.currentScript.src;
  const top = me ? me.slice(0, me.lastIndexOf('/') + 1) : '';
  const below = top && location.href.startsWith(top) ? location.href.slice(top.length) : '';
  const folder = top ? decodeURIComponent(top.replace(/^file:\/\//, '')) : 'the folder that holds index.html';

  const show = () => {
    const box = document.createElement('section');
    box.className = 'file-notice';
    box.setAttribute('role', 'alert');
    box.setAttribute('aria-labelledby', 'file-notice-title');
    const h = document.createElement('h2');
    h.id = 'file-notice-title';
    h.textContent = 'This page needs a web server: opened from a file it cannot run';
    const why = document.createElement('p');
    why.textContent = 'Browsers refuse the modules, Web Workers and WebAssembly of a page opened from disk (file://), ' +
      'so its simulations, labs and questions do not start here. The text below can still be read. To run it:';
    const steps = document.createElement('ol');
    const step = (...parts) => {
      const li = document.createElement('li');
      for (const p of parts) {
        if (typeof p === 'string') li.append(p);
        else { const c = document.createElement('code'); c.textContent = p.code; li.append(c); }
      }
      steps.append(li);
    };
    step('open a terminal in the folder ', { code: folder });
    step('run ', { code: 'python3 -m http.server' }, ' (any static web server will do; Python 3 is the only need)');
    step('open ', { code: 'http://localhost:8000/' + below }, ' in this browser');
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
    for (const el of document.querySelectorAll('[data-needs-server]')) el.textContent = 'not started: this page needs a web server (see the note at the top)';
  };
  if (document.body) show();
  else document.addEventListener('DOMContentLoaded', show);
})();
