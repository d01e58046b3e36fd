import { PIN_LENGTH } from '@trailpass/contract';
import { useEffect, useMemo, useReducer, useRef } from 'react';

/**
 * Spec 4 Pin entry, as a pure reducer: digits append up to PIN_LENGTH and further input is ignored,
 * delete removes the last digit, clear empties it (a reset, validation errors, the end of an attempt).
 */
export type PinAction = { type: 'digit'; digit: string } | { type: 'delete' } | { type: 'clear' };

const DIGIT = /^[0-9]$/;

export function pinReducer(pin: string, action: PinAction): string {
  switch (action.type) {
    case 'digit':
      // Anything but one digit, or a fifth digit, leaves the pin as it is.
      return DIGIT.test(action.digit) && pin.length < PIN_LENGTH ? pin + action.digit : pin;
    case 'delete':
      return pin.slice(0, -1);
    case 'clear':
      return '';
  }
}

/** Continue is offered only at exactly PIN_LENGTH digits. */
export function isPinComplete(pin: string): boolean {
  return pin.length === PIN_LENGTH;
}

export interface PinEntryTriggers {
  /** Clears the pin each time it turns true (spec 4: "when a reset flag turns true"). */
  reset?: boolean;
  /** Clears the pin each time a new non-empty list arrives. */
  errors?: readonly string[];
  /** Clears the pin when an attempt ends (true, then false again). */
  pending?: boolean;
}

/** The pin and its actions, cleared on the spec 4 triggers. */
export function usePinEntry({ reset = false, errors, pending = false }: PinEntryTriggers = {}) {
  const [pin, dispatch] = useReducer(pinReducer, '');

  // Edges, not levels: a reset flag that stays true clears once, as does one list of errors.
  const wasReset = useRef(reset);
  useEffect(() => {
    if (reset && !wasReset.current) dispatch({ type: 'clear' });
    wasReset.current = reset;
  }, [reset]);

  useEffect(() => {
    if (errors && errors.length > 0) dispatch({ type: 'clear' });
  }, [errors]);

  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && !pending) dispatch({ type: 'clear' });
    wasPending.current = pending;
  }, [pending]);

  const actions = useMemo(
    () => ({
      append: (digit: string) => dispatch({ type: 'digit', digit }),
      remove: () => dispatch({ type: 'delete' }),
      clear: () => dispatch({ type: 'clear' }),
    }),
    [],
  );
  return { pin, complete: isPinComplete(pin), ...actions };
}
