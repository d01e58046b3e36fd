import type { ContentKindChanges } from '@trailpass/contract/console';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../api/http';
import { applyContentUpload, changeSummary, countsText } from './upload';
import {
  dryRunRestore,
  listContentVersions,
  restoreVersion,
  versionDownloadHref,
  versionKindText,
} from './versions';

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

function stubFetch(body: unknown = {}) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return (i = 0) => fetch.mock.calls[i] as unknown as [string, RequestInit];
}

describe('the apply of a content upload', () => {
  it('sends the same file with the dry run’s checksum in the query', async () => {
    const call = stubFetch({ versionId: 3 });
    setCsrfToken('t1');
    const file = new Blob([new Uint8Array([0x50, 0x4b, 3, 4])]);
    await applyContentUpload(101, file, 'application/zip', 'ab'.repeat(32));
    const [url, init] = call();
    expect(url).toBe(`/console/api/offers/101/content/imports?checksum=${'ab'.repeat(32)}`);
    expect(init.method).toBe('POST');
    expect(init.body).toBe(file);
    expect(init.headers).toMatchObject({ 'content-type': 'application/zip', 'x-csrf-token': 't1' });
  });

  it('says in one line what an apply adds, changes and removes', () => {
    const none = { added: [], changed: [], removed: [] };
    const kinds: ContentKindChanges[] = [
      { kind: 'deals', ...none, changed: [{ id: 202, label: 'Pint Pass', fields: ['name'] }] },
      { kind: 'faqs', ...none, added: [{ id: 9, label: 'Dogs?' }] },
      { kind: 'perks', ...none, removed: [{ id: 653, label: 'Free parking' }] },
      {
        kind: 'rewardItems',
        ...none,
        changed: [{ id: 1202, label: 'Growler', fields: ['ticketsAvailable'] }],
      },
    ];
    const media = { added: ['media/a.png'], replaced: [], same: [], unused: [] };
    expect(changeSummary({ kinds, media })).toBe('1 added, 2 changed, 1 removed records; image: 1 new');
    expect(changeSummary({ kinds: [], media: { ...media, added: [] } })).toBe('no changes');
    expect(countsText({ added: 0, changed: 1, removed: 0, mediaAdded: 0, mediaReplaced: 2 })).toBe(
      '1 changed record; images: 2 replaced',
    );
  });
});

describe('the versions of the content', () => {
  it('lists a page, links the download, and restores through the dry run and the checksum', async () => {
    const call = stubFetch({ items: [], total: 0 });
    setCsrfToken('t2');
    await listContentVersions(101, 2);
    expect(call(0)[0]).toBe('/console/api/offers/101/content/versions?page=2&perPage=10');
    expect(versionDownloadHref(101, 7)).toBe('/console/api/offers/101/content/versions/7/download');
    await dryRunRestore(101, 7);
    expect(call(1)[0]).toBe('/console/api/offers/101/content/versions/7/dry-run');
    expect(call(1)[1].method).toBe('POST');
    await restoreVersion(101, 7, 'cd'.repeat(32));
    expect(call(2)[0]).toBe(`/console/api/offers/101/content/versions/7/restore?checksum=${'cd'.repeat(32)}`);
    expect(call(2)[1].headers).toMatchObject({ 'x-csrf-token': 't2' });
  });

  it('names each kind of version', () => {
    expect(versionKindText({ kind: 'baseline', restoredFrom: null })).toBe('Before the first upload');
    expect(versionKindText({ kind: 'import', restoredFrom: null })).toBe('Upload');
    expect(versionKindText({ kind: 'restore', restoredFrom: 3 })).toBe('Restore of version 3');
  });
});
