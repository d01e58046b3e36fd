import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPassDocument, type PassDocument, validatePassDocument } from '../../src/db/import';
import { calendarDateIn, dateProblem, resolveDate } from '../../src/db/import/dates';
import { describeJsonError } from '../../src/db/import/json-error';
import { REPO_ROOT } from '../../src/db/paths';
import { DEMO_DIR } from './fixtures';

const demo = JSON.parse(readFileSync(path.join(DEMO_DIR, 'pass-demo.json'), 'utf8')) as PassDocument;

/** Validates a changed copy of the demo document (media resolved against demo/). */
function errorsAfter(change: (doc: PassDocument & Record<string, unknown>) => void) {
  const doc = structuredClone(demo) as PassDocument & Record<string, unknown>;
  change(doc);
  return validatePassDocument(doc, { baseDir: DEMO_DIR });
}

const any = (value: unknown) => value as Record<string, unknown>;

describe('validatePassDocument', () => {
  it('accepts the demo dataset; the missing sunset-paddle.svg is only a warning', () => {
    const result = checkPassDocument(demo, { baseDir: DEMO_DIR });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      {
        path: '$.products[7].media[0].url',
        message: expect.stringMatching(/media file media\/sunset-paddle\.svg not found/),
      },
    ]);
  });

  it('keeps its copy of the JSON Schema identical to demo/pass-import.schema.json', () => {
    const copy = readFileSync(
      path.join(REPO_ROOT, 'apps/server/src/db/import/pass-import.schema.json'),
      'utf8',
    );
    const original = readFileSync(path.join(DEMO_DIR, 'pass-import.schema.json'), 'utf8');
    expect(JSON.parse(copy)).toEqual(JSON.parse(original));
  });

  it('rejects a document that is not an object, or of another format', () => {
    expect(validatePassDocument([], { baseDir: DEMO_DIR })).toEqual([
      { path: '$', message: 'must be an object, not an array' },
    ]);
    expect(errorsAfter((d) => Object.assign(d, { format: 'pass-import/2' }))).toEqual([
      { path: '$.format', message: 'must be "pass-import/1", not the string "pass-import/2"' },
    ]);
  });

  it('names a misspelt key and suggests the right one', () => {
    expect(
      errorsAfter((d) => {
        any(d.venues[0]).adress = 'x';
      }),
    ).toEqual([{ path: '$.venues[0].adress', message: 'unknown key "adress" (did you mean "address"?)' }]);
  });

  it('reports a missing required key at its own path', () => {
    expect(
      errorsAfter((d) => {
        delete any(d.partners[0]).timezone;
      }),
    ).toEqual([{ path: '$.partners[0].timezone', message: 'is required but missing' }]);
  });

  it('reports one line for a nullable value of the wrong type', () => {
    expect(
      errorsAfter((d) => {
        any(d.products[1]).venue_id = '301';
      }),
    ).toEqual([
      { path: '$.products[1].venue_id', message: 'must be an integer or null, not the string "301"' },
    ]);
  });

  it('reports the detail inside a nullable object', () => {
    expect(
      errorsAfter((d) => {
        any(d.venues[0]?.media?.[0]).location = 'Lgo';
      }),
    ).toEqual([
      {
        path: '$.venues[0].media[0].location',
        message:
          'must be one of "Logo", "HorizontalLogo", "Icon196", "Icon152", "Favicon", "Header", "Login" or null, not the string "Lgo"',
      },
    ]);
  });

  it('explains bad dates, in the schema and on the calendar', () => {
    expect(
      errorsAfter((d) => {
        any(d.deals[0]).points_valid_until = '@now+3w';
      }),
    ).toEqual([
      {
        path: '$.deals[0].points_valid_until',
        message: expect.stringMatching(
          /^must be an ISO 8601 UTC date-time .* @now\+30d.*not the string "@now\+3w"$/,
        ),
      },
    ]);
    expect(
      errorsAfter((d) => {
        any(d.passes[0]).created_at = '2024-02-30T10:00:00Z';
      }),
    ).toEqual([{ path: '$.passes[0].created_at', message: 'day 30 does not exist in 2024-02' }]);
  });

  it('uses bracket notation for keys that are not identifiers', () => {
    expect(
      errorsAfter((d) => {
        any(d.rewardItems?.[0]).ticketsAvailable = { '1301': 5, x1: 2 };
      }),
    ).toEqual([
      {
        path: '$.rewardItems[0].ticketsAvailable.x1',
        message: 'key name must be an attribute id (digits), or 0 for all, not the string "x1"',
      },
    ]);
    expect(
      errorsAfter((d) => {
        any(d.rewardItems?.[0]).ticketsAvailable = { '1301': 5, '9999': 2 };
      }),
    ).toEqual([
      {
        path: '$.rewardItems[0].ticketsAvailable["9999"]',
        message: '9999 is not an attribute id of this reward item (or 0)',
      },
    ]);
  });

  it('finds duplicate ids per entity type, including nested types', () => {
    expect(
      errorsAfter((d) => {
        const orders = d.orders ?? [];
        const [a, b] = [orders[0]?.orderProducts[0], orders[1]?.orderProducts[0]];
        if (a && b) b.id = a.id;
      }),
    ).toContainEqual({
      path: '$.orders[1].orderProducts[0].id',
      message: 'duplicate order product id 9301; first used at $.orders[0].orderProducts[0]',
    });
  });

  it('allows the same id in different entity types', () => {
    expect(
      errorsAfter((d) => {
        const category = d.categories?.[0];
        if (category) {
          const old = category.id;
          category.id = 101; // also an offer id
          for (const v of d.venues) v.categories = (v.categories ?? []).map((c) => (c === old ? 101 : c));
          for (const m of d.modules ?? []) {
            const list = m.data.categories;
            if (Array.isArray(list)) m.data.categories = list.map((c) => (c === old ? 101 : c));
          }
        }
      }),
    ).toEqual([]);
  });

  it('requires media ids to be unique across the whole document', () => {
    expect(
      errorsAfter((d) => {
        const [first] = d.partners[0]?.media ?? [];
        const target = d.products[0]?.media?.[0];
        if (first && target) target.id = first.id;
      }),
    ).toContainEqual({
      path: '$.products[0].media[0].id',
      message: expect.stringMatching(
        /^duplicate media item id 2001 \(media ids are unique across the whole document\)/,
      ),
    });
  });

  it('resolves every reference, including module data relations and preview targets', () => {
    const errors = errorsAfter((d) => {
      d.deals[0]?.venue_ids.push(9999);
      const showcase = (d.modules ?? []).find((m) => Array.isArray(m.data.media));
      if (showcase) showcase.data.media = [424242];
      const preview = d.passLinks.find((l) => l.isPreview);
      if (preview) preview.previewTypeId = 777;
      const order = d.orders?.[0];
      if (order?.orderDeals[0]) order.orderDeals[0].deal_id = 555;
    });
    expect(errors).toContainEqual({ path: '$.deals[0].venue_ids[4]', message: 'no venue with id 9999' });
    expect(errors).toContainEqual({
      path: expect.stringMatching(/^\$\.modules\[\d+\]\.data\.media\[0\]$/),
      message: 'no media item with id 424242',
    });
    expect(errors).toContainEqual({
      path: expect.stringMatching(/^\$\.passLinks\[\d+\]\.previewTypeId$/),
      message: 'no product with id 777',
    });
    expect(errors).toContainEqual({
      path: '$.orders[0].orderDeals[0].deal_id',
      message: 'no deal with id 555',
    });
  });

  it('checks module order and that each module has one assignment', () => {
    const errors = errorsAfter((d) => {
      const assignment = d.assignments?.[0];
      if (assignment) assignment.modules = [assignment.modules[1] as number, assignment.modules[0] as number];
    });
    expect(errors).toContainEqual({
      path: '$.assignments[0].modules[1]',
      message: expect.stringMatching(
        /^modules must be listed in ascending sort_order: module 3001 \(sort_order 0\)/,
      ),
    });
    // The modules dropped from assignment 0 are now in no assignment.
    expect(errors).toContainEqual({
      path: '$.modules[2].id',
      message: 'module 3003 is not listed in any assignment',
    });
  });

  it('rejects duplicate and short tokens and unknown time zones', () => {
    expect(
      errorsAfter((d) => {
        const link = d.passLinks[2];
        if (link) link.token = 'short-token';
      }),
    ).toEqual([{ path: '$.passLinks[2].token', message: 'must be at least 24 characters long' }]);
    const errors = errorsAfter((d) => {
      const [a, b] = d.passLinks;
      if (a && b) b.token = a.token;
      const partner = d.partners[0];
      if (partner) partner.timezone = 'Lakeshore/Harbor';
    });
    expect(errors).toContainEqual({
      path: '$.passLinks[1].token',
      message: 'duplicate token; first used at $.passLinks[0]',
    });
    expect(errors).toContainEqual({
      path: '$.partners[0].timezone',
      message: 'unknown time zone "Lakeshore/Harbor" (use an IANA name like America/Chicago)',
    });
  });

  it('refuses a public link that is bound to a user, or is a preview or unregistered link', () => {
    const index = (d: PassDocument, token: string) => d.passLinks.findIndex((l) => l.token === token);
    const ava = index(demo, 'demo-ava-brew-7Qx2mK9pL4vN8rT1');
    const preview = index(demo, 'demo-preview-venue-6Ks3wB9eH1vT7cM2');
    const unregistered = index(demo, 'demo-unreg-venue301-3Wc9kP1zR7dG5xM4');
    expect(
      errorsAfter((d) => {
        for (const i of [ava, preview, unregistered]) any(d.passLinks[i]).public = true;
      }),
    ).toEqual([
      {
        path: `$.passLinks[${ava}].public`,
        message:
          'a public link is opened by many people, so it must be signed out: leave partner_user_id null',
      },
      {
        path: `$.passLinks[${preview}].public`,
        message:
          'only a signed-out pass link can be public; a preview or unregistered link is never signed in to',
      },
      {
        path: `$.passLinks[${unregistered}].public`,
        message:
          'only a signed-out pass link can be public; a preview or unregistered link is never signed in to',
      },
    ]);
  });

  it('takes a support_email only when it is an address that can be sent to', () => {
    expect(
      errorsAfter((d) => {
        any(d.partners[0]).support_email = 'help desk@example.com';
      }),
    ).toEqual([{ path: '$.partners[0].support_email', message: expect.any(String) }]);
    // Past the schema's pattern, the mail module's own rule: what passes goes into a header as it is.
    expect(
      errorsAfter((d) => {
        any(d.partners[0]).support_email = 'help@example..com';
        any(d.offers[0]).support_email = 'help"desk"@example.com';
        any(d.offers[1]).support_email = null;
      }),
    ).toEqual([
      {
        path: '$.partners[0].support_email',
        message: '"help@example..com" is not an e-mail address that can be sent to',
      },
      {
        path: '$.offers[0].support_email',
        message: '"help\\"desk\\"@example.com" is not an e-mail address that can be sent to',
      },
    ]);
  });

  it('takes public as true or false only', () => {
    expect(
      errorsAfter((d) => {
        any(d.passLinks[0]).public = 'yes';
      }),
    ).toEqual([{ path: '$.passLinks[0].public', message: 'must be true or false, not the string "yes"' }]);
  });

  it('checks the running balance of the points ledger', () => {
    const errors = errorsAfter((d) => {
      const entry = d.pointsLedger?.[1];
      if (entry) entry.balance += 5;
    });
    expect(errors).toEqual([
      {
        path: '$.pointsLedger[1].balance',
        message: expect.stringMatching(/^must be \d+, the running sum of points/),
      },
    ]);
  });

  it('treats a missing media file as a warning, wherever it is referenced', () => {
    const doc = structuredClone(demo);
    const message = doc.messages?.[0];
    if (message) message.image = 'media/not-there.svg';
    const result = checkPassDocument(doc, { baseDir: DEMO_DIR });
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((w) => w.path)).toContain('$.messages[0].image');
  });
});

describe('dates', () => {
  const now = new Date('2025-01-31T23:30:00Z');

  it('resolves @now offsets in minutes, hours and days (UTC)', () => {
    expect(resolveDate('@now', now).toISOString()).toBe('2025-01-31T23:30:00.000Z');
    expect(resolveDate('@now+15m', now).toISOString()).toBe('2025-01-31T23:45:00.000Z');
    expect(resolveDate('@now-2h', now).toISOString()).toBe('2025-01-31T21:30:00.000Z');
    expect(resolveDate('@now+30d', now).toISOString()).toBe('2025-03-02T23:30:00.000Z');
    expect(resolveDate('2024-03-02T15:20Z', now).toISOString()).toBe('2024-03-02T15:20:00.000Z');
    expect(resolveDate('2024-03-02T15:20:00.250Z', now).toISOString()).toBe('2024-03-02T15:20:00.250Z');
  });

  it('rejects impossible calendar dates', () => {
    expect(dateProblem('2024-02-29T00:00:00Z')).toBeNull();
    expect(dateProblem('2023-02-29T00:00:00Z')).toBe('day 29 does not exist in 2023-02');
    expect(dateProblem('2023-13-01T00:00:00Z')).toBe('month 13 does not exist');
    expect(dateProblem('2023-01-01T24:00:00Z')).toBe('time of day is out of range');
    expect(dateProblem('2023-01-01')).toMatch(/^must be an ISO 8601 UTC date-time/);
  });

  it('takes the calendar date in a time zone', () => {
    expect(calendarDateIn(new Date('2025-06-16T03:00:00Z'), 'America/Chicago')).toBe('2025-06-15');
    expect(calendarDateIn(new Date('2025-06-16T03:00:00Z'), 'Europe/Berlin')).toBe('2025-06-16');
  });
});

describe('malformed JSON', () => {
  it('locates the first syntax error', () => {
    expect(describeJsonError('{\n  "a": 1,\n}')).toBe(
      'line 3, column 1: expected a key in double quotes, found "}"',
    );
    expect(describeJsonError('{"a": [1, 2}')).toBe(`line 1, column 12: expected ',' or ']', found "}"`);
    expect(describeJsonError('{"a": "x\ny"}')).toMatch(/^line 1, column 9: expected the closing quote/);
    expect(describeJsonError('{"a": tru}')).toBe('line 1, column 7: expected a value, found "t"');
    expect(describeJsonError('{"a": 1} x')).toBe(
      'line 1, column 10: expected the end of the file after the top-level value, found "x"',
    );
    expect(describeJsonError('')).toBe('line 1, column 1: the file is empty');
    expect(describeJsonError('{"a": 1}')).toBeNull();
  });
});
