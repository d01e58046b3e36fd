// How much of the page's main-thread time was the thread's own CPU, from a Lighthouse trace.
// Lighthouse's simulated throttling scales the wall time of each main-thread task (times 4 on mobile). A task
// whose thread was descheduled or blocked meanwhile (another Chromium process, the server or the database
// taking the other core; a slow reply over IPC) counts as the page's own work, so a contended host scores a
// page lower than its code costs. The trace has both clocks for every task (`dur` wall, `tdur` thread CPU).
import { readFileSync } from 'node:fs';

/**
 * The page's main thread: the CrRendererMain thread of the renderer that committed the page's own URL as the
 * outermost main frame (the last such commit, after any redirect). Returns { wallMs, cpuMs } summed over its
 * top-level tasks, or null when the trace does not say.
 */
export function mainThreadTime(tracePath, pageOrigin) {
  let events;
  try {
    events = JSON.parse(readFileSync(tracePath, 'utf8')).traceEvents;
  } catch {
    return null;
  }
  let pid = null;
  for (const event of events) {
    const data = event.args?.data;
    if (
      event.name === 'FrameCommittedInBrowser' &&
      data?.isOutermostMainFrame &&
      typeof data.url === 'string' &&
      data.url.startsWith(pageOrigin)
    )
      pid = data.processId;
  }
  if (pid === null) return null;
  const mainTids = new Set(
    events
      .filter((e) => e.pid === pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => e.tid),
  );
  const tasks = events
    .filter((e) => e.pid === pid && mainTids.has(e.tid) && e.ph === 'X' && e.dur != null && e.tdur != null)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  let wall = 0;
  let cpu = 0;
  let openUntil = -Infinity;
  for (const task of tasks) {
    // Nested events lie inside a top-level one; only top-level tasks are summed.
    if (task.ts < openUntil) continue;
    openUntil = task.ts + task.dur;
    wall += task.dur;
    cpu += task.tdur;
  }
  return wall > 0 ? { wallMs: wall / 1000, cpuMs: cpu / 1000 } : null;
}
