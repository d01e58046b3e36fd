import { describe, expect, it } from 'vitest';
import {
  isKeepFirstVisitMessage,
  KEEP_FIRST_VISIT,
  KEEP_FIRST_VISIT_MAX_URLS,
  type KeepFirstVisitMessage,
} from '../features/offline/first-visit-message';
import { keepFirstVisit } from './first-visit';
import { tokenCacheKey } from './token-cache-key';

const origin = 'https://pass.example';

const message = (reads: string[], media: string[] = []): KeepFirstVisitMessage => ({
  type: KEEP_FIRST_VISIT,
  token: 'tok',
  language: 'es',
  reads,
  media,
});

async function kept(sent: KeepFirstVisitMessage) {
  const reads: Request[] = [];
  const media: Request[] = [];
  await keepFirstVisit(
    sent,
    origin,
    async (request) => reads.push(request),
    async (request) => media.push(request),
  );
  return { reads, media };
}

describe('keepFirstVisit', () => {
  it('asks again for the reads it keeps, as the app asks for them: the token and API version in headers', async () => {
    const { reads } = await kept(
      message([
        `${origin}/pass/api/data?t=tok`,
        `${origin}/pass/api/partnerUser/1001/points/current?offerId=101&t=tok`,
        // Not kept (spec 8: the unread count needs the network), another site, not a URL.
        `${origin}/pass/api/partnerUser/1001/messages/unreadCount?offerId=101&t=tok`,
        'https://elsewhere.example/pass/api/data?t=tok',
        'not a url',
      ]),
    );
    expect(reads.map((request) => request.url)).toEqual([
      `${origin}/pass/api/data?t=tok`,
      `${origin}/pass/api/partnerUser/1001/points/current?offerId=101&t=tok`,
    ]);
    for (const request of reads) {
      expect(request.method).toBe('GET');
      expect(request.headers.get('X-Pass-Token')).toBe('tok');
      expect(request.headers.get('X-Pass-Api-Version')).toBe('1');
      // In the language the page read them in, so they are kept in it and under its key.
      expect(request.headers.get('X-Pass-Language')).toBe('es');
    }
    expect(await tokenCacheKey(reads[0] as Request)).toBe(
      await tokenCacheKey(
        new Request(`${origin}/pass/api/data`, {
          headers: { 'X-Pass-Token': 'tok', 'X-Pass-Language': 'es' },
        }),
      ),
    );
  });

  it('sends no language when the page sent none (an English browser before /data said the saved one), nor one the server would ignore', async () => {
    for (const language of [null, 'es-MX']) {
      const { reads } = await kept({ ...message([`${origin}/pass/api/data?t=tok`]), language });
      expect(reads).toHaveLength(1);
      expect(reads[0]?.headers.has('X-Pass-Language'), String(language)).toBe(false);
    }
  });

  it("keeps this origin's partner media only", async () => {
    const { media } = await kept(
      message(
        [],
        [
          `${origin}/pass/media/growler.svg`,
          `${origin}/pass/assets/index-abc.js`,
          'https://cdn.example/pass/media/remote.jpg',
        ],
      ),
    );
    expect(media.map((request) => request.url)).toEqual([`${origin}/pass/media/growler.svg`]);
  });

  it('goes on when one of them fails', async () => {
    const asked: string[] = [];
    await expect(
      keepFirstVisit(
        message(
          [`${origin}/pass/api/data?t=tok`],
          [`${origin}/pass/media/a.svg`, `${origin}/pass/media/b.svg`],
        ),
        origin,
        async () => {
          throw new Error('offline');
        },
        async (request) => {
          asked.push(request.url);
          if (request.url.endsWith('a.svg')) throw new Error('offline');
        },
      ),
    ).resolves.toBeUndefined();
    expect(asked).toHaveLength(2);
  });
});

describe('isKeepFirstVisitMessage', () => {
  it('takes the message the page sends, and nothing else', () => {
    expect(isKeepFirstVisitMessage(message([`${origin}/pass/api/data`]))).toBe(true);
    expect(isKeepFirstVisitMessage({ ...message([]), type: 'other' })).toBe(false);
    expect(isKeepFirstVisitMessage({ ...message([]), token: '' })).toBe(false);
    expect(isKeepFirstVisitMessage({ ...message([]), language: null })).toBe(true);
    expect(isKeepFirstVisitMessage({ ...message([]), language: undefined })).toBe(false);
    expect(isKeepFirstVisitMessage({ ...message([]), language: 1 })).toBe(false);
    expect(isKeepFirstVisitMessage({ ...message([]), reads: [1] })).toBe(false);
    expect(isKeepFirstVisitMessage({ ...message([]), media: 'x' })).toBe(false);
    expect(
      isKeepFirstVisitMessage(message(Array.from({ length: KEEP_FIRST_VISIT_MAX_URLS + 1 }, () => origin))),
    ).toBe(false);
    expect(isKeepFirstVisitMessage(null)).toBe(false);
    expect(isKeepFirstVisitMessage('trailpass:keep-first-visit')).toBe(false);
  });
});
