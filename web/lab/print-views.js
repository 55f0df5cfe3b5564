// While the page prints, each view's picture in place of its canvas (issue 45 item 5).
// The views are WebGL canvases without a preserved drawing buffer: printed as they are they
// come out blank (or black). On beforeprint each panel is drawn once more and its buffer read
// in the same task (toDataURL) into an <img> beside the canvas; the print style sheet
// (web/style.css, @media print) shows the image and hides the canvas; afterprint removes them.

import { t } from '../ui/messages.js';

/** Listens on win for printing: drawNow(i) draws panel i's view (the lab face's drawNow). */
export function printViews(win, drawNow) {
  const doc = win.document;
  const clear = () => {
    for (const img of doc.querySelectorAll('.view img.print-view')) img.remove();
    for (const c of doc.querySelectorAll('.view canvas.printing')) c.classList.remove('printing');
  };
  win.addEventListener('beforeprint', () => {
    clear();
    doc.querySelectorAll('.panel .view canvas').forEach((canvas, i) => {
      let url;
      try {
        drawNow(i);
        url = canvas.toDataURL('image/png');
      } catch {
        return; // a view that cannot be read prints as it is
      }
      const img = doc.createElement('img');
      img.className = 'print-view';
      img.src = url;
      img.alt = canvas.getAttribute('aria-label') || t('panel.view_label');
      canvas.after(img);
      canvas.classList.add('printing');
    });
  });
  win.addEventListener('afterprint', clear);
}
