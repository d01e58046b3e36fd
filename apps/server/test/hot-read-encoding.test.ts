import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestApp, TOKENS } from './helpers';

/**
 * The hot reads send bytes made from kept pieces (data/json-template.ts JsonPieces, decision 0023 round
 * five), compressed by the plugin as it chooses. Whatever the client accepts, the answer must decode to
 * exactly the bytes of the plain answer, with a Content-Length of what was sent.
 */

let t: TestApp;

beforeAll(async () => {
  // A fixed clock: ticket timers and points expiry are worked out per request, and must not move between
  // the plain answer and the compressed ones it is compared with.
  t = await createTestApp({ now: new Date() });
});

afterAll(async () => {
  await t?.close();
});

/** Accept-Encoding values and the encoding each must get. */
const ACCEPTS: Array<[string | undefined, string | undefined]> = [
  [undefined, undefined],
  ['identity', undefined],
  ['br', 'br'],
  ['gzip', 'gzip'],
  ['gzip, br', 'br'],
  ['br, gzip, deflate', 'br'],
  ['gzip, deflate, br, zstd', 'br'],
];

function decoded(encoding: string | undefined, raw: Buffer): Buffer {
  if (encoding === 'br') return brotliDecompressSync(raw);
  if (encoding === 'gzip') return gunzipSync(raw);
  return raw;
}

async function expectSameBytesEveryWay(url: string, token: string) {
  const plain = await api(t.app, 'GET', url, token);
  expect(plain.statusCode, `${url} ${plain.body}`).toBe(200);
  expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(plain.rawPayload.equals(Buffer.from(plain.body, 'utf8'))).toBe(true);
  for (const [accept, encoding] of ACCEPTS) {
    const res = await api(t.app, 'GET', url, token, {
      headers: accept === undefined ? {} : { 'accept-encoding': accept },
    });
    const what = `${url} with ${accept ?? 'no Accept-Encoding'}`;
    expect(res.statusCode, what).toBe(200);
    // Answers under the 1 kB threshold are sent as they are.
    const sentAs = plain.rawPayload.length < 1024 ? undefined : encoding;
    expect(res.headers['content-encoding'], what).toBe(sentAs);
    expect(res.headers['content-length'], what).toBe(String(res.rawPayload.length));
    expect(decoded(sentAs, res.rawPayload).equals(plain.rawPayload), what).toBe(true);
  }
  return plain;
}

describe('the hot reads decode to the plain answer', () => {
  it('GET /data, for every demo session', async () => {
    for (const token of Object.values(TOKENS)) {
      const plain = await expectSameBytesEveryWay('/data', token);
      if (token === TOKENS.avaBrew) {
        // A character outside Latin-1 (’): the path where the text is held in two bytes per character.
        expect(plain.body).toContain('’');
      }
    }
  });

  it('the assignment pages of a holder', async () => {
    const pages = [
      '/partnerUser/1001/modules/assignment/offer/assignmentId/101/location/pass?offerId=101',
      '/partnerUser/1001/modules/assignment/offer/assignmentId/101/location/pass?offerId=101&latitude=43.07&longitude=-87.9',
      '/partnerUser/1001/modules/assignment/deal/assignmentId/201/location/pass?offerId=101',
      '/partnerUser/1001/modules/assignment/venue/assignmentId/301/location/pass?offerId=101&dealId=201',
      '/partnerUser/1001/modules/assignment/product/assignmentId/504/location/pass?offerId=101',
    ];
    for (const url of pages) await expectSameBytesEveryWay(url, TOKENS.avaBrew);
    await expectSameBytesEveryWay(
      '/partnerUser/1001/modules/assignment/offer/assignmentId/102/location/pass?offerId=102',
      TOKENS.avaRewards,
    );
  });
});
