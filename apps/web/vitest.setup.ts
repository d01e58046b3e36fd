import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom does not implement scrolling; the router scrolls to the top on every navigation.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// findBy* and waitFor give up after 1 s by default. A dialog or page that is a lazy chunk is loaded through
// Vite's module runner on its first use, which beside the journeys on a busy 2-core machine took longer than
// that (the PIN pad, the country list): a wait that is going to succeed is given 5 s. A failing one fails
// as before, later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
