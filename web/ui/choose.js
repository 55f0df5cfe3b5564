// A menu whose choice changes the page (opens a scene, applies a preset): a choice made
// with the pointer, or in the open list, acts at once; arrow keys on the closed menu only
// browse, and the choice acts on Enter. Chromium fires `change` on each arrow key, and
// WCAG 2.1 (3.2.2, on input) asks that browsing a menu not change the page. Leaving the
// menu without Enter puts back what it showed, so it never names what is not open.

const BROWSE = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/** Calls act() when the user has chosen an entry of select (see above). */
export function onChosen(select, act) {
  let keyed = false, pending = false, shown = select.value;
  select.addEventListener('keydown', (e) => {
    if (BROWSE.has(e.key) && !e.altKey) keyed = true; // Alt+arrow opens the list
    else if (e.key === 'Enter' && pending) {
      e.preventDefault();
      pending = false;
      act();
    }
  });
  select.addEventListener('change', () => {
    if (keyed) { // browsing with the arrows: wait for Enter
      keyed = false;
      pending = true;
      return;
    }
    pending = false;
    act();
  });
  select.addEventListener('focus', () => { shown = select.value; });
  select.addEventListener('blur', () => {
    if (pending) select.value = shown;
    pending = keyed = false;
  });
}
