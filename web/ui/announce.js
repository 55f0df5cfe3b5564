// What a screen reader hears without looking (issue 30): one line per event in a visually
// hidden polite live region (#announce, role log: each line is read once, when it is
// added), e.g. a panel that diverged. The lines say what the page already shows.

const KEEP = 5; // lines kept in the region; older ones go (removals are not read)

/** Adds text as one announcement. */
export function announce(text) {
  const log = document.getElementById('announce');
  if (!log || !text) return;
  const line = document.createElement('p');
  line.textContent = text;
  log.append(line);
  while (log.childElementCount > KEEP) log.firstElementChild.remove();
}

/** True when the reader asked for less motion (prefers-reduced-motion: reduce): the lab
 *  then opens paused, and Play starts it. */
export function reducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
