/** One line of an audit entry's change: a field with its value before and after. */
export interface ChangeLine {
  field: string;
  before: string;
  after: string;
}

/** A value as a person reads it in the log: text as is, nothing as a dash, anything else as JSON. */
export function readable(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The fields an audit entry changed: for two objects (or one, when the object was created or removed),
 * every key whose value differs, in the order they first appear; otherwise the whole value before and
 * after on one line.
 */
export function changeLines(before: unknown, after: unknown): ChangeLine[] {
  const beforeObject = isPlainObject(before) ? before : before === null || before === undefined ? {} : null;
  const afterObject = isPlainObject(after) ? after : after === null || after === undefined ? {} : null;
  if (!beforeObject || !afterObject) return [{ field: '', before: readable(before), after: readable(after) }];
  const keys = [...new Set([...Object.keys(beforeObject), ...Object.keys(afterObject)])];
  return (
    keys
      // A missing field and a null one read the same ("—"): not a change.
      .filter((key) => JSON.stringify(beforeObject[key] ?? null) !== JSON.stringify(afterObject[key] ?? null))
      .map((key) => ({ field: key, before: readable(beforeObject[key]), after: readable(afterObject[key]) }))
  );
}
