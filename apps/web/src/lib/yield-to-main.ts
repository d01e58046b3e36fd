/** The Prioritized Task Scheduling API's yield, where the browser has it (Chromium 129+). */
interface SchedulerWithYield {
  yield: () => Promise<void>;
}

/**
 * Lets the browser run its own work (input, paint, other tasks) before the caller goes on, so that a long
 * piece of start-up work is several short tasks instead of one long one that blocks a tap. scheduler.yield()
 * keeps the caller's place at the front of the queue; elsewhere a zero timeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<SchedulerWithYield> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
