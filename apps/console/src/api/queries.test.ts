import { describe, expect, it } from 'vitest';
import { auditListSearch, dayBoundary, holderListSearch } from './queries';

const read = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('holderListSearch', () => {
  it('maps react-admin paging, sort and search to the contract query', () => {
    expect(
      read(
        holderListSearch({
          pagination: { page: 3, perPage: 50 },
          sort: { field: 'points', order: 'DESC' },
          filter: { q: '  ava  ' },
        }),
      ),
    ).toEqual({ page: '3', perPage: '50', sort: 'points', order: 'desc', q: 'ava' });
  });

  it('drops a sort the server does not know (react-admin defaults to id) and an empty search', () => {
    expect(
      read(
        holderListSearch({
          pagination: { page: 1, perPage: 25 },
          sort: { field: 'id', order: 'ASC' },
          filter: { q: ' ' },
        }),
      ),
    ).toEqual({ page: '1', perPage: '25', order: 'asc' });
  });

  it('keeps page and page size within the contract bounds', () => {
    expect(read(holderListSearch({ pagination: { page: 0, perPage: 1000 } }))).toMatchObject({
      page: '1',
      perPage: '100',
    });
  });
});

describe('auditListSearch', () => {
  it('sends each filter, newest first by default, and the day range as instants with an offset', () => {
    const query = read(
      auditListSearch({
        pagination: { page: 2, perPage: 25 },
        filter: {
          action: 'holder.create',
          staffEmail: 'ann@example.com',
          objectType: '',
          from: '2026-11-01',
          to: '2026-11-02',
        },
      }),
    );
    expect(query).toMatchObject({
      page: '2',
      perPage: '25',
      sort: 'at',
      order: 'desc',
      action: 'holder.create',
      staffEmail: 'ann@example.com',
    });
    expect(query.objectType).toBeUndefined();
    expect(new Date(query.from ?? '').getTime()).toBe(new Date(2026, 10, 1).getTime());
    // The whole of the last day is in the range.
    expect(new Date(query.to ?? '').getTime()).toBe(new Date(2026, 10, 3).getTime() - 1);
  });
});

describe('dayBoundary', () => {
  it('ignores what is not a day', () => {
    expect(dayBoundary('', 'start')).toBeUndefined();
    expect(dayBoundary('yesterday', 'end')).toBeUndefined();
    expect(dayBoundary(undefined, 'start')).toBeUndefined();
  });
});
