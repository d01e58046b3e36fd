import { ERROR_SAMPLE_RATE } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { isIgnoredMessage, isSampled } from './rules';

describe('sampling (spec 9: 0.05)', () => {
  it('reports below the rate and not at or above it', () => {
    expect(ERROR_SAMPLE_RATE).toBe(0.05);
    expect(isSampled(0)).toBe(true);
    expect(isSampled(0.0499999)).toBe(true);
    expect(isSampled(0.05)).toBe(false);
    expect(isSampled(0.05000001)).toBe(false);
    expect(isSampled(0.99)).toBe(false);
  });

  it('reports about 1 in 20 of evenly spread draws', () => {
    const draws = Array.from({ length: 1000 }, (_, i) => i / 1000);
    expect(draws.filter((draw) => isSampled(draw))).toHaveLength(50);
  });
});

describe('ignore rule (spec 8)', () => {
  it('ignores the ResizeObserver notice, as browsers word it (with a final stop) and without', () => {
    expect(isIgnoredMessage('ResizeObserver loop completed with undelivered notifications')).toBe(true);
    expect(isIgnoredMessage('ResizeObserver loop completed with undelivered notifications.')).toBe(true);
  });

  it('keeps every other message', () => {
    expect(isIgnoredMessage('ResizeObserver loop limit exceeded')).toBe(false);
    expect(isIgnoredMessage("Cannot read properties of undefined (reading 'id')")).toBe(false);
    expect(isIgnoredMessage('')).toBe(false);
  });
});
