import { SESSION_KEY_PREFIX, VUEX_PREFIX } from '../../lib/session';

let printed = false;

/**
 * Spec 1: a console help banner for internal staff, printed once per page load. It names the
 * storage key prefixes, never the token itself.
 */
export function printStaffBanner(log: (...args: unknown[]) => void = console.info) {
  if (printed) return;
  printed = true;
  log(
    '%cTrailpass staff help: clearing cached cart and reward data',
    'font-weight:bold;font-size:14px',
    [
      '',
      'This browser keeps the cart and orders of each pass link in sessionStorage',
      `(keys starting with "${SESSION_KEY_PREFIX}") and older saved state in localStorage`,
      `(keys starting with "${VUEX_PREFIX}").`,
      'To clear them, press the "Clear local storage" button in the top bar (the page reloads), or run:',
      `  Object.keys(sessionStorage).filter((k) => k.startsWith('${SESSION_KEY_PREFIX}')).forEach((k) => sessionStorage.removeItem(k));`,
      `  Object.keys(localStorage).filter((k) => k.startsWith('${VUEX_PREFIX}')).forEach((k) => localStorage.removeItem(k));`,
      '  location.reload();',
    ].join('\n'),
  );
}

/** For tests. */
export function resetStaffBanner() {
  printed = false;
}
