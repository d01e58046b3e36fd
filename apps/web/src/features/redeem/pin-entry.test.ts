import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isPinComplete, type PinEntryTriggers, pinReducer, usePinEntry } from './pin-entry';

function typed(...keys: string[]): string {
  return keys.reduce((pin, key) => pinReducer(pin, { type: 'digit', digit: key }), '');
}

describe('pinReducer (spec 4 Pin entry)', () => {
  it('appends digits up to 4 and ignores further input', () => {
    expect(typed('1', '3')).toBe('13');
    expect(typed('1', '3', '5', '7')).toBe('1357');
    expect(typed('1', '3', '5', '7', '9', '0')).toBe('1357');
  });

  it('takes single digits only', () => {
    expect(typed('a', '12', '', '7', ' ')).toBe('7');
  });

  it('deletes the last digit, and nothing when empty', () => {
    expect(pinReducer('135', { type: 'delete' })).toBe('13');
    expect(pinReducer('', { type: 'delete' })).toBe('');
  });

  it('clears', () => {
    expect(pinReducer('1357', { type: 'clear' })).toBe('');
  });

  it('is complete at exactly 4 digits', () => {
    expect(isPinComplete('135')).toBe(false);
    expect(isPinComplete('1357')).toBe(true);
  });
});

describe('usePinEntry', () => {
  function setup(initial: PinEntryTriggers = {}) {
    return renderHook((triggers: PinEntryTriggers) => usePinEntry(triggers), { initialProps: initial });
  }

  function type(result: { current: ReturnType<typeof usePinEntry> }, keys: string) {
    for (const key of keys) act(() => result.current.append(key));
  }

  it('enters and deletes digits, complete at 4', () => {
    const { result } = setup();
    type(result, '135');
    expect(result.current).toMatchObject({ pin: '135', complete: false });
    type(result, '79');
    expect(result.current).toMatchObject({ pin: '1357', complete: true });
    act(() => result.current.remove());
    expect(result.current.pin).toBe('135');
  });

  it('clears when the reset flag turns true, once', () => {
    const { result, rerender } = setup({ reset: false });
    type(result, '12');
    rerender({ reset: true });
    expect(result.current.pin).toBe('');
    type(result, '34');
    rerender({ reset: true });
    expect(result.current.pin).toBe('34');
  });

  it('clears when validation errors arrive, each time a new list comes', () => {
    const { result, rerender } = setup({ errors: [] });
    type(result, '0000');
    rerender({ errors: ['That code is not correct. Please try again.'] });
    expect(result.current.pin).toBe('');
    type(result, '1111');
    rerender({ errors: ['That code is not correct. Please try again.'] });
    expect(result.current.pin).toBe('');
  });

  it('clears after each attempt (pending, then not)', () => {
    const { result, rerender } = setup({ pending: false });
    type(result, '1357');
    rerender({ pending: true });
    expect(result.current.pin).toBe('1357');
    rerender({ pending: false });
    expect(result.current.pin).toBe('');
  });
});
