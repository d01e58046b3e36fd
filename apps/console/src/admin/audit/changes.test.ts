import { describe, expect, it } from 'vitest';
import { changeLines } from './changes';

describe('changeLines', () => {
  it('lists only the fields that changed', () => {
    expect(changeLines({ points: 120, name: 'Ava' }, { points: 170, name: 'Ava' })).toEqual([
      { field: 'points', before: '120', after: '170' },
    ]);
  });

  it('shows a created object field by field, from nothing', () => {
    expect(changeLines(null, { email: 'ava@example.com', phone: null, tags: ['a'] })).toEqual([
      { field: 'email', before: '—', after: 'ava@example.com' },
      { field: 'tags', before: '—', after: '["a"]' },
    ]);
  });

  it('shows values that are not objects whole', () => {
    expect(changeLines('active', 'revoked')).toEqual([{ field: '', before: 'active', after: 'revoked' }]);
  });
});
