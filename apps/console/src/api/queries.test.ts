import { describe, expect, it } from 'vitest';
import {
  auditListSearch,
  dayBoundary,
  errorGroupsSearch,
  fulfilmentListSearch,
  holderListSearch,
  inboxItemsSearch,
  messageListSearch,
  offerlessErrors,
} from './queries';

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

describe('fulfilmentListSearch', () => {
  it('sends the tab as kind, oldest claim first by default', () => {
    expect(
      read(fulfilmentListSearch({ pagination: { page: 2, perPage: 10 }, filter: { kind: 'pickup' } })),
    ).toEqual({ kind: 'pickup', page: '2', perPage: '10', sort: 'claimedAt', order: 'asc' });
  });

  it('falls back to items to ship for an unknown tab, and keeps the search and a known sort', () => {
    expect(
      read(
        fulfilmentListSearch({
          sort: { field: 'holder', order: 'DESC' },
          filter: { kind: 'everything', q: ' tumbler ' },
        }),
      ),
    ).toEqual({ kind: 'shipped', page: '1', perPage: '25', sort: 'holder', order: 'desc', q: 'tumbler' });
    expect(read(fulfilmentListSearch({ sort: { field: 'id', order: 'ASC' } }))).not.toHaveProperty('sort');
  });
});

describe('messageListSearch', () => {
  it('lists the latest send time first and sends a known status only', () => {
    expect(read(messageListSearch({ filter: { status: 'scheduled' } }))).toEqual({
      page: '1',
      perPage: '25',
      sort: 'sendAt',
      order: 'desc',
      status: 'scheduled',
    });
    expect(read(messageListSearch({ filter: { status: 'draft' } }))).not.toHaveProperty('status');
  });
});

describe('inbox searches', () => {
  it('asks for what still needs someone unless told, newest first', () => {
    expect(read(inboxItemsSearch({}))).toEqual({
      page: '1',
      perPage: '25',
      sort: 'createdAt',
      order: 'desc',
      handled: 'false',
    });
    expect(read(inboxItemsSearch({ filter: { kind: 'help', handled: 'all' } }))).toMatchObject({
      kind: 'help',
      handled: 'all',
    });
    expect(read(inboxItemsSearch({ filter: { kind: 'complaint', handled: 'maybe' } }))).toMatchObject({
      handled: 'false',
    });
    expect(read(inboxItemsSearch({ filter: { kind: 'complaint' } }))).not.toHaveProperty('kind');
  });

  it('sorts error groups by last seen unless told, with the handled filter', () => {
    expect(read(errorGroupsSearch({ filter: { handled: 'true' } }))).toEqual({
      page: '1',
      perPage: '25',
      sort: 'lastSeen',
      order: 'desc',
      handled: 'true',
    });
    expect(read(errorGroupsSearch({ sort: { field: 'count', order: 'DESC' } }))).toMatchObject({
      sort: 'count',
      order: 'desc',
    });
  });

  it('asks for the reports without an offer only when the scope filter says none, and never sends it', () => {
    expect(offerlessErrors({ scope: 'none' })).toBe(true);
    expect(offerlessErrors({ scope: 'offer' })).toBe(false);
    expect(offerlessErrors({})).toBe(false);
    expect(offerlessErrors(undefined)).toBe(false);
    expect(read(errorGroupsSearch({ filter: { scope: 'none', q: 'map' } }))).not.toHaveProperty('scope');
  });
});
