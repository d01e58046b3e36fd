import { describe, expect, it } from 'vitest';
import { checkSendAt, isEmptyHtml, toComposeRequest } from './composeRequest';

const NOW = Date.parse('2026-12-01T12:00:00Z');

describe('toComposeRequest', () => {
  it('sends to every holder now unless told otherwise', () => {
    expect(
      toComposeRequest(
        { title: ' Hello ', html: '<p>Hi</p>', audience: 'offer', holderId: 7, when: 'now' },
        'UTC',
      ),
    ).toEqual({ title: 'Hello', html: '<p>Hi</p>', holderId: null, sendAt: null });
  });

  it('sends to the one holder picked, at the wall time read in the partner’s zone', () => {
    expect(
      toComposeRequest(
        {
          title: 'Pickup ready',
          html: '<p>Come by</p>',
          audience: 'holder',
          holderId: 12,
          when: 'later',
          sendAtLocal: '2026-12-02T09:00',
        },
        'America/Chicago',
      ),
    ).toEqual({
      title: 'Pickup ready',
      html: '<p>Come by</p>',
      holderId: 12,
      sendAt: '2026-12-02T15:00:00.000Z',
    });
  });
});

describe('checkSendAt', () => {
  it('wants a time that exists in the zone and lies ahead', () => {
    expect(checkSendAt('', 'UTC', NOW)).toBe('Choose the date and time to send it.');
    expect(checkSendAt('2026-12-01T11:59', 'UTC', NOW)).toBe('Choose a time in the future.');
    // 06:30 in Chicago is 12:30 UTC: ahead of noon UTC.
    expect(checkSendAt('2026-12-01T06:30', 'America/Chicago', NOW)).toBeUndefined();
    expect(checkSendAt('2027-03-14T02:30', 'America/Chicago', NOW)).toMatch(
      /does not exist in America\/Chicago/,
    );
  });
});

describe('isEmptyHtml', () => {
  it('sees an editor with no text as empty', () => {
    expect(isEmptyHtml('<p></p>')).toBe(true);
    expect(isEmptyHtml('<p>&nbsp; </p>')).toBe(true);
    expect(isEmptyHtml('<p><strong>Hi</strong></p>')).toBe(false);
  });
});
