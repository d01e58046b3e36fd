import { describe, expect, it } from 'vitest';
import { externalUrl, inAppPath, withToken } from './item-links';

describe('inAppPath', () => {
  it('strips the /pass base from a path under it', () => {
    expect(inAppPath('/pass/experiences/deal/203')).toBe('/experiences/deal/203');
    expect(inAppPath('/pass/experiences/venue/304?tab=1#hours')).toBe('/experiences/venue/304?tab=1#hours');
    expect(inAppPath('/pass')).toBe('/');
  });

  it('takes a full url of this site as in-app', () => {
    expect(inAppPath(`${window.location.origin}/pass/rewards`)).toBe('/rewards');
  });

  it('is null for anything outside the app', () => {
    expect(inAppPath('/passport/x')).toBeNull();
    expect(inAppPath('/other')).toBeNull();
    expect(inAppPath('https://visitlakeshore.example/pass/x')).toBeNull();
    expect(inAppPath('//visitlakeshore.example/pass/x')).toBeNull();
    expect(inAppPath('')).toBeNull();
    expect(inAppPath(null)).toBeNull();
  });
});

describe('withToken', () => {
  it("adds the current page's t and replaces one written into the url", () => {
    expect(withToken('/experiences/deal/203', '?t=tok')).toBe('/experiences/deal/203?t=tok');
    expect(withToken('/experiences/venue/304?tab=1&t=other', '?t=tok')).toBe(
      '/experiences/venue/304?tab=1&t=tok',
    );
    expect(withToken('/rewards', '')).toBe('/rewards');
  });
});

describe('externalUrl', () => {
  it('accepts http(s) urls only', () => {
    expect(externalUrl('https://visitlakeshore.example/fallfest')).toBe(
      'https://visitlakeshore.example/fallfest',
    );
    expect(externalUrl('HTTP://example.com')).toBe('http://example.com/');
    expect(externalUrl('javascript:alert(1)')).toBeNull();
    expect(externalUrl('mailto:a@example.com')).toBeNull();
    expect(externalUrl('lakeshorekites.example')).toBeNull();
    expect(externalUrl(null)).toBeNull();
  });
});
