// The help overlay: the "?" button (or the ? key) opens a dialog that lists the lab's
// controls and keys; Esc, the Close button or a click on the backdrop closes it. A
// native modal <dialog>: it traps focus, closes on Esc and gives focus back by itself.

const $ = (sel) => document.querySelector(sel);

export function bindHelp() {
  const dialog = $('#help-dialog');
  const open = () => { if (!dialog.open) dialog.showModal(); };
  $('#help').addEventListener('click', open);
  $('#help-close').addEventListener('click', () => dialog.close());
  // a click on the backdrop lands on the dialog element itself, outside its content box
  dialog.addEventListener('click', (e) => { if (e.target === dialog) dialog.close(); });
  document.addEventListener('keydown', (e) => {
    if (e.key !== '?' || e.target.closest('input, select, textarea, dialog')) return;
    e.preventDefault();
    open();
  });
}
