import type { ContentKindChanges } from '@trailpass/contract/console';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../api/http';
import { changeLines, dryRunContentUpload, problemLines, uploadTypeOf } from './upload';

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

describe('the content upload’s dry run', () => {
  it('sends a .zip or .json file as it is, with its type and the CSRF token', async () => {
    expect(uploadTypeOf('offer-101-content.ZIP')).toBe('application/zip');
    expect(uploadTypeOf('pass.json')).toBe('application/json');
    expect(uploadTypeOf('notes.txt')).toBeNull();
    const fetch = vi.fn(async () => new Response(JSON.stringify({ offerId: 101 }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    setCsrfToken('t1');
    const file = new Blob([new Uint8Array([0x50, 0x4b, 3, 4])]);
    await dryRunContentUpload(101, file, 'application/zip');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/console/api/offers/101/content/dry-run');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(file);
    expect(init.headers).toMatchObject({ 'content-type': 'application/zip', 'x-csrf-token': 't1' });
  });

  it('lists what changes, one line per record, and the problems by JSON path', () => {
    const none = { added: [], changed: [], removed: [] };
    const kinds: ContentKindChanges[] = [
      { kind: 'offer', ...none },
      {
        kind: 'deals',
        added: [],
        changed: [{ id: 203, label: 'Coffee Crawl', fields: ['name', 'media'] }],
        removed: [{ id: 207, label: 'Backstage' }],
      },
      { kind: 'faqs', ...none, added: [{ id: 4999, label: 'Parking?' }] },
    ];
    expect(changeLines(kinds)).toEqual([
      { kind: 'Deals', lines: ['Changed: Coffee Crawl (203): name, media', 'Removed: Backstage (207)'] },
      { kind: 'FAQs', lines: ['Added: Parking? (4999)'] },
    ]);
    expect(problemLines({ '$.deals[2].name': 'must be string' })).toEqual([
      '$.deals[2].name: must be string',
    ]);
    expect(problemLines(undefined)).toEqual([]);
  });
});
