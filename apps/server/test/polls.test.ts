import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import {
  importPassDocument,
  type PassDocument,
  PassImportError,
  validatePassDocument,
} from '../src/db/import';
import { ballots, poll_options, polls } from '../src/db/schema';
import { api, createTestApp, DEMO_FILE, type TestApp, TOKENS } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

// Demo: poll 8801 on deal 201 (offer 101), options 8811, 8812, 8813; Ava (1001) voted 8811, Sam (1002)
// and Noah (1003) have not; Harper (1004) is on offer 103.
const POLL = 8801;
const OPTIONS = [8811, 8812, 8813];

const pollUrl = (
  userId: number | string,
  suffix = '',
  query = 'dealId=201',
  pollId: number | string = POLL,
) => `/partnerUser/${userId}/poll/${pollId}${suffix}?${query}`;
const getPoll = (token: string, userId: number | string, query?: string, pollId?: number | string) =>
  api(t.app, 'GET', pollUrl(userId, '', query, pollId), token);
const getResults = (token: string, userId: number | string, query?: string, pollId?: number) =>
  api(t.app, 'GET', pollUrl(userId, '/results', query, pollId), token);
const vote = (token: string, userId: number, body: unknown, query?: string) =>
  api(t.app, 'POST', pollUrl(userId, '/vote', query), token, { payload: body as object });

function expectError(res: { statusCode: number; json: () => unknown }, status: number, code: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  const body = res.json() as { error: { code: string; message: string; fields?: Record<string, string> } };
  expect(body.error.code).toBe(code);
  return body.error;
}

/** Votes per option as stored, in option order. */
async function storedVotes(): Promise<Record<number, number>> {
  const rows = await t.database.db
    .select({ id: poll_options.id, votes: poll_options.votes })
    .from(poll_options)
    .where(eq(poll_options.poll_id, POLL))
    .orderBy(asc(poll_options.id));
  return Object.fromEntries(rows.map((row) => [row.id, row.votes]));
}

async function ballotsOf(partnerUserId: number) {
  const rows = await t.database.db.select().from(ballots).where(eq(ballots.poll_id, POLL));
  return rows.filter((row) => row.partner_user_id === partnerUserId);
}

const sum = (votes: Record<number, number>) => Object.values(votes).reduce((a, b) => a + b, 0);

describe('GET /partnerUser/{id}/poll/{pollId} (spec 7, Polls)', () => {
  it('answers the poll with its options in order, open, and Ava’s vote', async () => {
    const res = await getPoll(TOKENS.avaBrew, 1001);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      id: POLL,
      deal_id: 201,
      question: 'Where should the next Trivia Night be held?',
      closes_at: expect.any(String),
      closed: false,
      options: [
        { id: 8811, label: 'Anchor & Oar Brewing', venue_id: 301 },
        { id: 8812, label: 'Driftwood Brewing Co.', venue_id: 302 },
        { id: 8813, label: 'Millbrook Cider House', venue_id: 308 },
      ],
      my_vote: 8811,
    });
    // @now+10d in the demo.
    expect(Date.parse(body.closes_at) - t.importedAt.getTime()).toBe(10 * 24 * 3600 * 1000);
  });

  it('has no vote yet for Sam and Noah', async () => {
    expect((await getPoll(TOKENS.samStaff, 1002)).json().my_vote).toBeNull();
    expect((await getPoll(TOKENS.noahEmpty, 1003)).json().my_vote).toBeNull();
  });

  it('answers 404 when the poll is not on dealId, the deal not on the pass offer, or the poll unknown', async () => {
    const messages = new Set<string>();
    for (const [token, userId, query, pollId] of [
      [TOKENS.avaBrew, 1001, 'dealId=202', POLL], // a deal of the offer, not the poll's
      [TOKENS.avaBrew, 1001, 'dealId=204', POLL], // another offer's deal
      [TOKENS.avaBrew, 1001, 'dealId=201', 999999],
      [TOKENS.harperCheckin, 1004, 'dealId=201', POLL], // the poll's deal is not on Harper's offer
    ] as const) {
      messages.add(expectError(await getPoll(token, userId, query, pollId), 404, 'not_found').message);
      expectError(await getResults(token, userId, query, pollId), 404, 'not_found');
    }
    expect(messages.size).toBe(1);
  });

  it('applies the holder guard: another user 404, signed out 404, preview and unregistered 403', async () => {
    expectError(await getPoll(TOKENS.avaBrew, 1002), 404, 'not_found');
    expectError(await getPoll(TOKENS.guestBrew, 1001), 404, 'not_found');
    expectError(await getPoll(TOKENS.previewProduct, 1001), 403, 'forbidden');
    expectError(await getPoll(TOKENS.unregVenue301, 1001), 403, 'forbidden');
    expectError(await getPoll('no-such-token', 1001), 401, 'unauthorized');
  });

  it('needs dealId and rejects unknown parameters', async () => {
    expect(
      expectError(await getPoll(TOKENS.avaBrew, 1001, ''), 400, 'invalid_input').fields?.dealId,
    ).toBeDefined();
    expect(
      expectError(await getPoll(TOKENS.avaBrew, 1001, 'dealId=201&x=1'), 400, 'invalid_input').fields?.x,
    ).toBe('Unknown field.');
    expect(
      expectError(await getPoll(TOKENS.avaBrew, 1001, 'dealId=201', 'abc'), 400, 'invalid_input').fields
        ?.pollId,
    ).toBeDefined();
  });
});

describe('GET /partnerUser/{id}/poll/{pollId}/results', () => {
  it('answers the stored votes per option in order and their sum', async () => {
    const stored = await storedVotes();
    const res = await getResults(TOKENS.avaBrew, 1001);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: POLL,
      total: sum(stored),
      options: [
        { id: 8811, label: 'Anchor & Oar Brewing', votes: stored[8811] },
        { id: 8812, label: 'Driftwood Brewing Co.', votes: stored[8812] },
        { id: 8813, label: 'Millbrook Cider House', votes: stored[8813] },
      ],
      my_vote: 8811,
    });
    // The demo's counts as given (its one ballot is already counted in them).
    expect(stored).toEqual({ 8811: 41, 8812: 33, 8813: 18 });
  });
});

describe('POST /partnerUser/{id}/poll/{pollId}/vote', () => {
  it('counts Sam’s vote exactly once and answers the results', async () => {
    const before = await storedVotes();
    const res = await vote(TOKENS.samStaff, 1002, { votes: [8812] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.my_vote).toBe(8812);
    expect(body.total).toBe(sum(before) + 1);
    expect(body.options.map((o: { votes: number }) => o.votes)).toEqual([
      before[8811],
      (before[8812] ?? 0) + 1,
      before[8813],
    ]);
    expect(await storedVotes()).toEqual({ ...before, 8812: (before[8812] ?? 0) + 1 });
    const [ballot, ...more] = await ballotsOf(1002);
    expect(more).toEqual([]);
    expect(ballot?.option_id).toBe(8812);
    expect((await getPoll(TOKENS.samStaff, 1002)).json().my_vote).toBe(8812);
  });

  it('answers 409 to a second vote and changes nothing, whichever option', async () => {
    const before = await storedVotes();
    for (const option of [8812, 8813]) {
      const error = expectError(await vote(TOKENS.samStaff, 1002, { votes: [option] }), 409, 'conflict');
      expect(error.message).toBe('You have already voted in this poll.');
    }
    expectError(await vote(TOKENS.avaBrew, 1001, { votes: [8812] }), 409, 'conflict');
    expect(await storedVotes()).toEqual(before);
    expect(await ballotsOf(1002)).toHaveLength(1);
    expect(await ballotsOf(1001)).toHaveLength(1);
  });

  it('answers 400 with fields for an option of no or another poll, and for a malformed body', async () => {
    const before = await storedVotes();
    // 999999 is no option at all. The demo has one poll, so a second one on deal 201 supplies an option of
    // another poll.
    await t.database.db.insert(polls).values({ id: 8802, deal_id: 201, question: 'Other?', closes_at: null });
    await t.database.db
      .insert(poll_options)
      .values({ id: 8821, poll_id: 8802, position: 0, label: 'Elsewhere', votes: 0 });
    try {
      for (const option of [8821, 999999]) {
        const error = expectError(
          await vote(TOKENS.noahEmpty, 1003, { votes: [option] }),
          400,
          'invalid_input',
        );
        expect(error.fields?.votes, String(option)).toBeDefined();
      }
    } finally {
      await t.database.db.delete(poll_options).where(eq(poll_options.id, 8821));
      await t.database.db.delete(polls).where(eq(polls.id, 8802));
    }
    for (const body of [{ votes: [] }, { votes: [8811, 8812] }, { votes: ['8811'] }, {}]) {
      const error = expectError(await vote(TOKENS.noahEmpty, 1003, body), 400, 'invalid_input');
      const names = Object.keys(error.fields ?? {});
      expect(names.length > 0 && names.every((name) => /^votes(\.|$)/.test(name)), JSON.stringify(body)).toBe(
        true,
      );
    }
    expect(
      expectError(await vote(TOKENS.noahEmpty, 1003, { votes: [8811], extra: 1 }), 400, 'invalid_input')
        .fields?.extra,
    ).toBe('Unknown field.');
    expect(await storedVotes()).toEqual(before);
    expect(await ballotsOf(1003)).toEqual([]);
  });

  it('answers 404 for a wrong dealId or another user, 403 in preview, and stores nothing', async () => {
    const before = await storedVotes();
    expectError(await vote(TOKENS.noahEmpty, 1003, { votes: [8811] }, 'dealId=202'), 404, 'not_found');
    expectError(await vote(TOKENS.noahEmpty, 1003, { votes: [8811] }, 'dealId=204'), 404, 'not_found');
    expectError(await vote(TOKENS.harperCheckin, 1004, { votes: [8811] }), 404, 'not_found');
    expectError(await vote(TOKENS.noahEmpty, 1002, { votes: [8811] }), 404, 'not_found');
    expectError(await vote(TOKENS.previewProduct, 1003, { votes: [8811] }), 403, 'forbidden');
    expect(await storedVotes()).toEqual(before);
    expect(await ballotsOf(1003)).toEqual([]);
  });

  it('answers 422 once the poll has closed (by the app clock), and the poll reads closed', async () => {
    const [{ closes_at: closesAt } = { closes_at: null }] = await t.database.db
      .select({ closes_at: polls.closes_at })
      .from(polls)
      .where(eq(polls.id, POLL));
    const before = await storedVotes();
    await t.database.db
      .update(polls)
      .set({ closes_at: new Date(Date.now() - 60_000) })
      .where(eq(polls.id, POLL));
    try {
      expect((await getPoll(TOKENS.noahEmpty, 1003)).json().closed).toBe(true);
      const error = expectError(await vote(TOKENS.noahEmpty, 1003, { votes: [8811] }), 422, 'unprocessable');
      expect(error.message).toBe('This poll has closed.');
      // Results stay readable after closing.
      expect((await getResults(TOKENS.noahEmpty, 1003)).statusCode).toBe(200);
    } finally {
      await t.database.db.update(polls).set({ closes_at: closesAt }).where(eq(polls.id, POLL));
    }
    expect(await storedVotes()).toEqual(before);
    expect(await ballotsOf(1003)).toEqual([]);
  });

  it('counts one of several parallel votes by the same user: one 200, the rest 409', async () => {
    const before = await storedVotes();
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        vote(TOKENS.noahEmpty, 1003, { votes: [OPTIONS[i % OPTIONS.length]] }),
      ),
    );
    const statuses = responses.map((res) => res.statusCode).sort();
    expect(statuses, responses.map((res) => res.body).join('\n')).toEqual([200, ...Array(7).fill(409)]);
    const winner = responses.find((res) => res.statusCode === 200)?.json();
    const [ballot, ...more] = await ballotsOf(1003);
    expect(more).toEqual([]);
    expect(ballot?.option_id).toBe(winner.my_vote);
    const after = await storedVotes();
    expect(sum(after)).toBe(sum(before) + 1);
    expect(after[winner.my_vote]).toBe((before[winner.my_vote] ?? 0) + 1);
    expect(winner.total).toBe(sum(after));
  });
});

describe('one ballot per user and poll in an import file', () => {
  const demo = JSON.parse(readFileSync(DEMO_FILE, 'utf8')) as PassDocument;
  const withDuplicateBallot = () => {
    const doc = structuredClone(demo);
    doc.polls?.[0]?.ballots?.push({ partner_user_id: 1001, option_id: 8812, voted_at: '@now-1d' });
    return doc;
  };

  it('is a validation error naming the second ballot', () => {
    expect(validatePassDocument(withDuplicateBallot(), { baseDir: path.dirname(DEMO_FILE) })).toEqual([
      {
        path: '$.polls[0].ballots[1].partner_user_id',
        message:
          'duplicate ballot of partner user 1001 (one per user and poll); first at $.polls[0].ballots[0]',
      },
    ]);
  });

  it('is refused by the database too, so an unchecked document cannot count a user twice', async () => {
    const before = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ballots`);
    const attempt = importPassDocument(
      t.database.db,
      { doc: withDuplicateBallot(), warnings: [] },
      { replace: true, mediaDir: path.join(t.dataDir, 'media'), baseDir: path.dirname(DEMO_FILE) },
    );
    await expect(attempt).rejects.toBeInstanceOf(PassImportError);
    await expect(attempt).rejects.toMatchObject({ code: 'import_failed' });
    // The import rolled back: the data the other tests changed is still there.
    const after = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ballots`);
    expect(after).toEqual(before);
  });
});
