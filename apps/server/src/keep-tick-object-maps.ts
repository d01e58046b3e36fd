/**
 * Keeps one entry of Node's `process.nextTick` queue alive for the life of the process, so that V8 keeps the
 * hidden classes ("maps") such entries are built with, and every nextTick stays on V8's fast path (decision
 * 0056). server.ts imports this before anything else.
 *
 * Node 24 builds each queue entry as an object literal with computed symbol keys. For each key V8 remembers, in
 * an inline cache, the one map the key was added to, and holds that map weakly. An entry lives for a tick, so
 * the first full garbage collection that runs while none is queued frees those maps; the next entry is built
 * with new ones, the cache sees a map that is not the one it holds and goes megamorphic, for good. From then
 * on each nextTick adds its keys through a call into V8's runtime: about ten calls per HTTP request in Node's
 * stream and HTTP code, 8 % of the server's CPU on a 404 in a profile. One entry kept alive keeps its maps,
 * and with them the caches monomorphic. Any process that has had a full collection pays otherwise; a bare
 * Fastify hello that never had one does not, which is part of what decision 0036 could not explain.
 */
import { createHook } from 'node:async_hooks';

let kept: object | undefined;
// An init hook is the only way to reach a queue entry; it is on for this one nextTick only.
const hook = createHook({
  init(_asyncId, type, _triggerAsyncId, resource) {
    if (type === 'TickObject') kept ??= resource;
  },
});
hook.enable();
process.nextTick(() => {});
hook.disable();

/** The entry kept alive; exported so that nothing can decide it is unused. */
export const keptTickObject = kept;
