// The "Embed" dialog: the iframe snippet and the link of the current view (scene,
// panels, steppers, Δt, parameters, camera, paused), compact (embed=1) or the full lab,
// for a course page.

import { t } from '../ui/messages.js';

const $ = (sel) => document.querySelector(sel);

/** The iframe HTML for url, with the title escaped for an attribute. */
export function iframeSnippet(url, title) {
  const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${esc(url)}" title="${esc(title)}" width="100%" height="720" style="border:0" loading="lazy" allow="fullscreen"></iframe>`;
}

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = t('embed.copied');
  } catch {
    button.textContent = t('embed.copy_by_hand');
  }
  setTimeout(() => { button.textContent = button.dataset.label; }, 1500);
}

/** Binds the Embed button: opens the dialog with the snippet of currentUrl(compact),
 *  compact (embed=1) as its checkbox says. */
export function bindEmbed(currentUrl, title) {
  const dialog = $('#embed-dialog');
  const code = $('#embed-code');
  const link = $('#embed-link');
  const compact = $('#embed-compact');
  const fill = () => {
    const url = currentUrl(compact.checked);
    code.value = iframeSnippet(url, title());
    link.value = url;
  };
  compact.addEventListener('change', fill);
  $('#embed').addEventListener('click', () => {
    fill();
    dialog.showModal();
    code.select();
  });
  for (const [button, field] of [[$('#embed-copy'), code], [$('#embed-copy-link'), link]]) {
    button.dataset.label = button.textContent;
    button.addEventListener('click', () => copy(field.value, button));
  }
  $('#embed-close').addEventListener('click', () => dialog.close());
}
