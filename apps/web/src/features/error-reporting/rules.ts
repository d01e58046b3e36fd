import { ERROR_SAMPLE_RATE, IGNORED_ERROR_MESSAGES } from '@trailpass/contract';

/** Spec 8: messages never reported (the browser's ResizeObserver notice, with or without its final stop). */
export function isIgnoredMessage(message: string): boolean {
  return IGNORED_ERROR_MESSAGES.some((ignored) => message.includes(ignored));
}

/**
 * Spec 9: one error in 20 is reported (sampling rate 0.05). `random` is a number in [0, 1), as
 * Math.random gives: below the rate is reported, the rate itself and above are not.
 */
export function isSampled(random: number, rate: number = ERROR_SAMPLE_RATE): boolean {
  return random < rate;
}
