import {
  HOLDER_IMPORT_COLUMNS,
  HOLDER_IMPORT_MAX_CHARS,
  HOLDER_IMPORT_REQUIRED_COLUMNS,
  holderImportErrorKey,
} from '@trailpass/contract/console';
import { describe, expect, it } from 'vitest';
import { errorsFromRefusal, IMPORT_COLUMNS, MAX_CHARS, REQUIRED_COLUMNS, tooLarge } from './importErrors';

describe('errorsFromRefusal', () => {
  it('reads the contract’s row.field keys back into rows, in row order', () => {
    expect(
      errorsFromRefusal({
        [holderImportErrorKey(7, 'email')]: 'Already holds this offer.',
        [holderImportErrorKey(3, 'phone')]: 'Enter the number in international format.',
        file: 'The file changed.',
      }),
    ).toEqual([
      { row: 1, field: 'file', message: 'The file changed.' },
      { row: 3, field: 'phone', message: 'Enter the number in international format.' },
      { row: 7, field: 'email', message: 'Already holds this offer.' },
    ]);
    expect(errorsFromRefusal(undefined)).toEqual([]);
  });
});

describe('the import’s limits', () => {
  it('are the contract’s', () => {
    expect(IMPORT_COLUMNS).toEqual(HOLDER_IMPORT_COLUMNS);
    expect(REQUIRED_COLUMNS).toEqual(HOLDER_IMPORT_REQUIRED_COLUMNS);
    expect(MAX_CHARS).toBe(HOLDER_IMPORT_MAX_CHARS);
  });

  it('refuses a file over the limit before sending it', () => {
    expect(tooLarge('a'.repeat(MAX_CHARS))).toBeNull();
    expect(tooLarge('a'.repeat(MAX_CHARS + 1))).toMatch(/too large/);
  });
});
