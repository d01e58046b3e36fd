import { describe, expect, it } from 'vitest';
import type { MediaItem } from './common';
import type { DataResponse } from './data';
import { loginLogoToShow, loginMedia, mediaUrl } from './page-media';

const item = (id: number, location: MediaItem['location'], url: string): MediaItem => ({
  id,
  location,
  name: null,
  url,
});

const offerMedia = [item(1, 'HorizontalLogo', '/pass/media/offer-logo.svg')];
const partnerMedia = [
  item(2, 'HorizontalLogo', '/pass/media/partner-logo.svg'),
  item(3, 'Login', '/pass/media/partner-login.svg'),
];

/** Only what the media rules look at. */
function data(overrides: Partial<DataResponse> = {}): DataResponse {
  return {
    offer: { id: 101, media: offerMedia, isPreview: false, isUnregisteredLink: false },
    partner: { id: 7, media: partnerMedia },
    partner_user: null,
    isPreview: false,
    isUnregisteredLink: false,
    public_link: true,
    ...overrides,
  } as unknown as DataResponse;
}

describe('mediaUrl', () => {
  it('takes the first list that has the location', () => {
    expect(mediaUrl('HorizontalLogo', offerMedia, partnerMedia)).toBe('/pass/media/offer-logo.svg');
    expect(mediaUrl('Login', offerMedia, partnerMedia)).toBe('/pass/media/partner-login.svg');
    expect(mediaUrl('Favicon', offerMedia, null, undefined, partnerMedia)).toBeNull();
  });
});

describe('loginMedia and loginLogoToShow (spec 2.13, 2.2)', () => {
  it('shows the offer’s logo, else the partner’s, on the background of either', () => {
    expect(loginMedia(data())).toEqual({
      logo: '/pass/media/offer-logo.svg',
      background: '/pass/media/partner-login.svg',
    });
    expect(loginLogoToShow(data({ offer: null }))).toBe('/pass/media/partner-logo.svg');
  });

  it('names the logo only where Login is shown: signed out and not a preview', () => {
    expect(loginLogoToShow(data())).toBe('/pass/media/offer-logo.svg');
    expect(loginLogoToShow(data({ public_link: false }))).toBe('/pass/media/offer-logo.svg');
    expect(loginLogoToShow(data({ partner_user: { id: 1001 } as DataResponse['partner_user'] }))).toBeNull();
    expect(loginLogoToShow(data({ isPreview: true }))).toBeNull();
  });
});
