import { describe, expect, it } from 'vitest';
import { REDACTED, redactToken } from './redact';

const TOKEN = 'demo-ava-brew-7Qx2mK9pL4vN8rT1';

describe('redactToken', () => {
  it('redacts every t query value, first or later in the query, whatever the token', () => {
    expect(redactToken(`/pass/experiences?t=${TOKEN}&dealId=201`, null)).toBe(
      `/pass/experiences?t=${REDACTED}&dealId=201`,
    );
    expect(redactToken('/pass/api/data?dealId=201&t=other-token#top', null)).toBe(
      `/pass/api/data?dealId=201&t=${REDACTED}#top`,
    );
    // Up to the next parameter, fragment, space, quote or bracket: more rather than less.
    expect(redactToken('at https://x.example/pass/a.js?t=abc:1:20 and (/pass?t=xyz) "?t=q"', null)).toBe(
      `at https://x.example/pass/a.js?t=${REDACTED} and (/pass?t=${REDACTED}) "?t=${REDACTED}"`,
    );
  });

  it('redacts the page token wherever it appears', () => {
    expect(redactToken(`Request with X-Pass-Token ${TOKEN} failed; again ${TOKEN}`, TOKEN)).toBe(
      `Request with X-Pass-Token ${REDACTED} failed; again ${REDACTED}`,
    );
  });

  it('leaves other parameters and text alone', () => {
    expect(redactToken('/pass/rewards?dealId=201&state=ok&at=3', TOKEN)).toBe(
      '/pass/rewards?dealId=201&state=ok&at=3',
    );
  });
});
