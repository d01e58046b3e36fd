import type { ErrorDetails } from './reporter';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    const json = JSON.stringify(value);
    if (typeof json === 'string') return json;
  } catch {
    // Cyclic or otherwise unserialisable: its string form below.
  }
  return String(value);
}

/**
 * Whatever was thrown or rejected (an Error, an error event without its error, a string, any value),
 * as a name, a message and a stack. The message is never empty: the contract requires one.
 */
export function describeError(thrown: unknown): ErrorDetails {
  if (typeof ErrorEvent !== 'undefined' && thrown instanceof ErrorEvent) {
    // A script error event carries the Error when there is one; the ResizeObserver notice has only a message.
    return thrown.error != null ? describeError(thrown.error) : describeError(thrown.message);
  }
  if (isRecord(thrown) && typeof thrown.message === 'string') {
    const name = typeof thrown.name === 'string' && thrown.name !== '' ? thrown.name : undefined;
    const details: ErrorDetails = { message: thrown.message || name || 'Error' };
    if (name) details.name = name;
    if (typeof thrown.stack === 'string' && thrown.stack !== '') details.stack = thrown.stack;
    return details;
  }
  const message = text(thrown);
  return { message: message === '' ? 'Unknown error' : message };
}
