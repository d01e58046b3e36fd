import { describe, expect, it } from 'vitest';
import { embeddedReadsOf, type KeptAnswer, keepEmbeddedReads, keptAnswersOf } from './embedded-reads';
import { HIDDEN_TIMER } from './ticket-timers';
import { LANGUAGE_PARAM, tokenCacheKey } from './token-cache-key';
import { CACHED_AT_HEADER, tokenCachePlugin } from './token-cache-plugin';

// Decision 0026: the answers a page came with are kept by the worker as if the app had fetched them.

const ORIGIN = 'https://pass.example';
const AVA = 'demo-ava-brew-7Qx2mK9pL4vN8rT1';
const PAGE = `${ORIGIN}/pass/experiences?t=${AVA}`;
const ASSIGNMENT = '/partnerUser/1001/modules/assignment/offer/assignmentId/101/location/pass?offerId=101';
const ORDERS = '/partnerUser/1001/orders?offerId=101&display=20&page=1';

const DATA = { order_products: [{ id: 1, ticket: { timer: 600 } }], note: '</script> & more' };

/** The page as the server writes it: the JSON escaped for HTML, at the end of the body. */
function html(reads: Record<string, unknown>): string {
  const json = JSON.stringify({
    sentAt: 2,
    reads: Object.fromEntries(Object.entries(reads).map(([key, body]) => [key, { at: 1, body }])),
  }).replace(/[<>&]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<!doctype html><html><head></head><body><div id="root"></div><script type="application/json" id="tp-boot">${json}</script></body></html>`;
}

const htmlPage = (text: string, status = 200, type = 'text/html; charset=utf-8') =>
  new Response(text, { status, headers: { 'Content-Type': type } });

describe('embeddedReadsOf', () => {
  it('reads the escaped answers back as they were', () => {
    expect(embeddedReadsOf(html({ '/data': DATA }))?.reads['/data']?.body).toEqual(DATA);
    expect(embeddedReadsOf('<html><body></body></html>')).toBeNull();
    expect(embeddedReadsOf('<script type="application/json" id="tp-boot">{"sentAt":</script>')).toBeNull();
  });
});

describe('keptAnswersOf', () => {
  it('keeps them under the keys of the reads the app would have made, with the page’s token', async () => {
    const answers = keptAnswersOf(PAGE, html({ '/data': DATA, [ASSIGNMENT]: { modules: [] } }), ORIGIN);
    // As the app sends them: t in the query and X-Pass-Token, and the language they are in (no saved one,
    // no `?lang=`: English).
    const headers = { 'X-Pass-Token': AVA, 'X-Pass-Language': 'en' };
    const fetched = [
      new Request(`${ORIGIN}/pass/api/data?t=${AVA}`, { headers }),
      new Request(`${ORIGIN}/pass/api${ASSIGNMENT}&t=${AVA}`, { headers }),
    ];
    expect(await Promise.all(answers.map((answer) => tokenCacheKey(answer.request)))).toEqual(
      await Promise.all(fetched.map(tokenCacheKey)),
    );
    const text = (await answers[0]?.response.text()) ?? '';
    expect(JSON.parse(text)).toEqual(DATA);
    // The token is in the request the key is made from, never in what is stored.
    expect([...(answers[0]?.response.headers.keys() ?? [])]).toEqual(['content-type']);
    expect(text).not.toContain(AVA);
  });

  it("keeps them in the language the server wrote them in: the link's, else the saved one, else English", async () => {
    const languageOf = async (pageUrl: string, reads: Record<string, unknown>) => {
      const keys = await Promise.all(
        keptAnswersOf(pageUrl, html(reads), ORIGIN).map((answer) => tokenCacheKey(answer.request)),
      );
      return keys.map((key) => new URL(key ?? '').searchParams.get(LANGUAGE_PARAM));
    };
    const reads = { '/data': { ...DATA, language: 'de' }, [ASSIGNMENT]: { modules: [] } };
    expect(await languageOf(`${PAGE}&lang=es`, reads)).toEqual(['es', 'es']);
    expect(await languageOf(PAGE, reads)).toEqual(['de', 'de']);
    // A link's language the server ignores (`ES`) is not the answers'.
    expect(await languageOf(`${PAGE}&lang=ES`, reads)).toEqual(['de', 'de']);
    // The /data of a page with a deal has the deal in its key.
    expect(
      await languageOf(`${PAGE}&dealId=201`, { '/data?dealId=201': { ...DATA, language: 'fr' } }),
    ).toEqual(['fr']);
    expect(await languageOf(PAGE, { '/data': { ...DATA, language: null } })).toEqual(['en']);
    // Under the key of the app's later read in that language, which it looks the answer up by.
    const [answer] = keptAnswersOf(`${PAGE}&lang=es`, html(reads), ORIGIN);
    expect(await tokenCacheKey(answer?.request as Request)).toBe(
      await tokenCacheKey(
        new Request(`${ORIGIN}/pass/api/data?t=${AVA}`, {
          headers: { 'X-Pass-Token': AVA, 'X-Pass-Language': 'es' },
        }),
      ),
    );
  });

  it('keeps only the reads the worker keeps, and nothing for a page without a token', () => {
    const page = html({ '/data': DATA, [ORDERS]: { data: [] } });
    expect(keptAnswersOf(PAGE, page, ORIGIN).map((answer) => new URL(answer.request.url).pathname)).toEqual([
      '/pass/api/data',
    ]);
    expect(keptAnswersOf(`${ORIGIN}/pass/experiences`, page, ORIGIN)).toEqual([]);
    expect(keptAnswersOf(`${ORIGIN}/pass/experiences?t=`, page, ORIGIN)).toEqual([]);
  });
});

describe('keepEmbeddedReads', () => {
  it('stores them as a fetched answer is stored: its time, then its ticket timers aged when served', async () => {
    const stored: KeptAnswer[] = [];
    const page = htmlPage(html({ '/data': DATA }));
    await keepEmbeddedReads(page, PAGE, ORIGIN, async (answer) => {
      stored.push(answer);
    });
    // The page itself is untouched for the browser.
    expect(await page.text()).toContain('tp-boot');
    expect(stored).toHaveLength(1);

    const { cacheWillUpdate, cachedResponseWillBeUsed } = tokenCachePlugin(() => 1_000_000);
    const [answer] = stored;
    if (!answer || !cacheWillUpdate || !cachedResponseWillBeUsed) throw new Error('missing');
    const kept = (await cacheWillUpdate({
      request: answer.request,
      response: answer.response,
    } as never)) as Response;
    expect(kept.headers.get(CACHED_AT_HEADER)).toBe('1000000');
    const later = tokenCachePlugin(() => 1_000_000 + 700_000).cachedResponseWillBeUsed;
    const served = (await later?.({
      request: new Request((await tokenCacheKey(answer.request)) ?? ''),
      cachedResponse: kept,
    } as never)) as Response;
    expect((await served.json()).order_products[0].ticket.timer).toBe(HIDDEN_TIMER);
  });

  it('leaves any answer but a 200 HTML page alone', async () => {
    const put = async () => {
      throw new Error('nothing should be kept');
    };
    await keepEmbeddedReads(htmlPage(html({ '/data': DATA }), 404), PAGE, ORIGIN, put);
    await keepEmbeddedReads(htmlPage(html({ '/data': DATA }), 200, 'application/json'), PAGE, ORIGIN, put);
  });
});
