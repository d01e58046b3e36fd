import { vi } from 'vitest';

// Before each file of the web-shared project (one jsdom window for a worker's files, decision 0031): the
// app's modules are evaluated anew, so their state (the token a router follows, a cache read once) is the
// file's own, and the address is the fresh window's.
vi.resetModules();
window.history.replaceState(null, '', '/');
window.sessionStorage.clear();
window.localStorage.clear();
