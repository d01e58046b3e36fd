import { DEFAULT_PRIMARY_COLOUR } from '@trailpass/contract';
import { createContext, useContext } from 'react';

/**
 * The pass's colour as the partner gave it (the shell provides it from the initial data). The plain
 * components read it through CSS (--tp-primary); the MUI islands make their theme from it.
 */
export const PassColourContext = createContext<string>(DEFAULT_PRIMARY_COLOUR);

export function usePassColour(): string {
  return useContext(PassColourContext);
}
