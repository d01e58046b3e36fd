/**
 * A ticket's `timer` is the seconds left before it hides, counted when the server answered (spec 4: 0 is a
 * check-in, -1 a hidden ticket). The app counts down from when the answer arrives. An answer read back
 * from the cache arrives long after the server wrote it, so its timers must first lose the time the answer
 * spent in the cache: otherwise every offline open would restart the countdown, and a ticket that hid
 * after its redemption would show again to whoever opened the pass without a connection.
 */

/** The timer of a hidden ticket (spec 4). */
export const HIDDEN_TIMER = -1;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The timer `elapsedSeconds` later: a running countdown goes down and hides at 0; others are unchanged. */
export function agedTimer(timer: unknown, elapsedSeconds: number): unknown {
  if (typeof timer !== 'number' || timer <= 0) return timer;
  const left = timer - elapsedSeconds;
  return left > 0 ? left : HIDDEN_TIMER;
}

/**
 * A copy of a JSON answer with every ticket's timer (`{ ticket: { timer } }`, wherever it sits: the order
 * products of /data, or of a page's records) aged by `elapsedSeconds`. The answer itself is not changed.
 */
export function ageTicketTimers(body: unknown, elapsedSeconds: number): unknown {
  if (Array.isArray(body)) return body.map((item) => ageTicketTimers(item, elapsedSeconds));
  if (!isRecord(body)) return body;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    copy[key] =
      key === 'ticket' && isRecord(value) && 'timer' in value
        ? { ...value, timer: agedTimer(value.timer, elapsedSeconds) }
        : ageTicketTimers(value, elapsedSeconds);
  }
  return copy;
}
