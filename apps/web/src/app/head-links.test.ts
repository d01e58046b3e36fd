import { act, renderHook, waitFor } from '@testing-library/react';
import type { MediaItem } from '@trailpass/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, noteSavedLanguage, resetLanguageForTests } from '../i18n/language';
import { firstScreenShown, resetFirstScreenForTests } from '../lib/first-screen';
import { makeData, makeOffer, makePartner, makeSignedOut } from '../test/fixtures';
import { applyHeadLinks, manifestHref, passHeadLinks, setHeadLink, usePassHeadLinks } from './head-links';

const media = (id: number, location: MediaItem['location'], url: string): MediaItem => ({
  id,
  location,
  name: null,
  url,
});

const partnerIcons = [
  media(2004, 'Icon196', '/pass/media/visit-lakeshore-icon-196.svg'),
  media(2005, 'Icon152', '/pass/media/visit-lakeshore-icon-152.svg'),
  media(2006, 'Favicon', '/pass/media/visit-lakeshore-favicon.svg'),
];

const linkOf = (rel: string) => document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);

beforeEach(() => {
  // An English browser, nothing chosen nor saved.
  resetLanguageForTests('');
  resetFirstScreenForTests();
  // What index.html starts with: the app's own icons and no manifest.
  document.head.innerHTML =
    '<link rel="icon" href="/pass/favicon.svg" type="image/svg+xml">' +
    '<link rel="apple-touch-icon" href="/pass/icon-192.png">';
});

afterEach(() => {
  vi.restoreAllMocks();
  resetLanguageForTests();
});

describe('manifestHref', () => {
  it('carries the offer id, the language and the token only', () => {
    window.history.replaceState(null, '', '/pass/experiences?t=page-token&dealId=201&lang=de');
    expect(manifestHref(101, 'tok en', 'es')).toBe('/pass/api/manifest.webmanifest?o=101&lang=es&t=tok+en');
  });
});

describe('passHeadLinks', () => {
  it('links the manifest of the offer and the partner favicon', () => {
    const data = makeData({ partner: makePartner({ media: partnerIcons }) });
    expect(passHeadLinks(data, 'tok', 'en')).toEqual({
      manifest: '/pass/api/manifest.webmanifest?o=101&lang=en&t=tok',
      icon: '/pass/media/visit-lakeshore-favicon.svg',
      // Safari takes no SVG home-screen icon: the PNG the importer made from the Icon196 SVG.
      appleTouchIcon: '/pass/media/visit-lakeshore-icon-196.svg.192.png',
    });
  });

  it('skips a remote SVG icon, which has no PNG, for the next location', () => {
    const remote = [
      media(1, 'Icon196', 'https://cdn.example.com/icon.svg'),
      media(2, 'Icon152', '/pass/media/o152.svg'),
    ];
    expect(passHeadLinks(makeData({ offer: makeOffer({ media: remote }) }), 'tok', 'en').appleTouchIcon).toBe(
      '/pass/media/o152.svg.192.png',
    );
    expect(
      passHeadLinks(makeData({ offer: makeOffer({ media: remote.slice(0, 1) }) }), 'tok', 'en')
        .appleTouchIcon,
    ).toBe(null);
  });

  it("prefers the offer's media and takes a bitmap home-screen icon as it is", () => {
    const data = makeData({
      offer: makeOffer({
        media: [media(1, 'Favicon', '/pass/media/o.ico'), media(2, 'Icon196', '/pass/media/o196.png')],
      }),
      partner: makePartner({ media: partnerIcons }),
    });
    expect(passHeadLinks(data, 'tok', 'en')).toMatchObject({
      icon: '/pass/media/o.ico',
      appleTouchIcon: '/pass/media/o196.png',
    });
  });

  it('picks each location as the manifest does: Icon196 (offer, else partner) before Icon152', () => {
    const data = makeData({
      offer: makeOffer({ media: [media(2, 'Icon152', '/pass/media/o152.png')] }),
      partner: makePartner({ media: partnerIcons }),
    });
    expect(passHeadLinks(data, 'tok', 'en').appleTouchIcon).toBe(
      '/pass/media/visit-lakeshore-icon-196.svg.192.png',
    );
  });

  it('has no manifest without an offer (unregistered link) or a token', () => {
    expect(passHeadLinks(makeSignedOut({ offer: null, partner: null }), 'tok', 'en').manifest).toBeNull();
    expect(passHeadLinks(makeData(), null, 'en').manifest).toBeNull();
  });
});

describe('applyHeadLinks', () => {
  it('adds the manifest link and points the icons at the pass media', () => {
    applyHeadLinks({
      manifest: '/pass/api/manifest.webmanifest?o=101&t=tok',
      icon: '/pass/media/fav.png',
      appleTouchIcon: '/pass/media/touch.png',
    });
    expect(linkOf('manifest')?.getAttribute('href')).toBe('/pass/api/manifest.webmanifest?o=101&t=tok');
    expect(linkOf('icon')?.getAttribute('href')).toBe('/pass/media/fav.png');
    // The default's SVG type must not be claimed for a PNG.
    expect(linkOf('icon')?.hasAttribute('type')).toBe(false);
    expect(linkOf('apple-touch-icon')?.getAttribute('href')).toBe('/pass/media/touch.png');
    expect(document.head.querySelectorAll('link')).toHaveLength(3);
  });

  it("keeps the app's icons when the pass has none, and removes the manifest without an offer", () => {
    applyHeadLinks({
      manifest: '/pass/api/manifest.webmanifest?o=101&t=tok',
      icon: null,
      appleTouchIcon: null,
    });
    applyHeadLinks({ manifest: null, icon: null, appleTouchIcon: null });
    expect(linkOf('manifest')).toBeNull();
    expect(linkOf('icon')?.getAttribute('href')).toBe('/pass/favicon.svg');
    expect(linkOf('icon')?.getAttribute('type')).toBe('image/svg+xml');
    expect(linkOf('apple-touch-icon')?.getAttribute('href')).toBe('/pass/icon-192.png');
  });

  it('reuses one element per rel', () => {
    setHeadLink('manifest', '/a');
    setHeadLink('manifest', '/b');
    expect(document.head.querySelectorAll('link[rel="manifest"]')).toHaveLength(1);
    expect(linkOf('manifest')?.getAttribute('href')).toBe('/b');
  });
});

describe('usePassHeadLinks', () => {
  it("sets the links once the first screen is there, and loads the offer's translation snippet", async () => {
    const data = makeData({
      offer: makeOffer({ bablic_snippet: 'Ab12Cd34' }),
      partner: makePartner({ media: partnerIcons }),
    });
    renderHook(() => usePassHeadLinks(data, 'tok'));
    // The links wait for the first screen; the translation snippet does not.
    expect(linkOf('manifest')).toBeNull();
    firstScreenShown();
    await waitFor(() =>
      expect(linkOf('manifest')?.getAttribute('href')).toBe(
        '/pass/api/manifest.webmanifest?o=101&lang=en&t=tok',
      ),
    );
    expect(linkOf('apple-touch-icon')?.getAttribute('href')).toBe(
      '/pass/media/visit-lakeshore-icon-196.svg.192.png',
    );
    expect([...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'))).toEqual(
      ['https://cdn2.bablic.com/websites/Ab12Cd34.js'],
    );
  });

  it('names the language the app is showing in the manifest link, which follows a change of it alone', async () => {
    // The pass link's `?lang=es`.
    resetLanguageForTests('?t=tok&lang=es');
    const data = makeData();
    const { rerender } = renderHook(() => usePassHeadLinks(data, 'tok'));
    firstScreenShown();
    const manifest = () => linkOf('manifest')?.getAttribute('href');
    await waitFor(() => expect(manifest()).toBe('/pass/api/manifest.webmanifest?o=101&lang=es&t=tok'));
    // The saved language does not count over the link's; the page's dealId and a new render change nothing.
    act(() => {
      noteSavedLanguage('tok', 'fr');
      window.history.replaceState(null, '', '/pass/experiences?t=tok&dealId=201');
    });
    rerender();
    expect(manifest()).toBe('/pass/api/manifest.webmanifest?o=101&lang=es&t=tok');
    // The holder's choice on the More page: a new URL, which the browser fetches again.
    act(() => chooseLanguage('de'));
    await waitFor(() => expect(manifest()).toBe('/pass/api/manifest.webmanifest?o=101&lang=de&t=tok'));
    // The pseudo-locale reads English content.
    act(() => chooseLanguage('en-XA'));
    await waitFor(() => expect(manifest()).toBe('/pass/api/manifest.webmanifest?o=101&lang=en&t=tok'));
  });

  it("names the holder's saved language once /data has said it, over the browser's", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-AT', 'en']);
    resetLanguageForTests('?t=tok');
    renderHook(() => usePassHeadLinks(makeData(), 'tok'));
    firstScreenShown();
    const manifest = () => linkOf('manifest')?.getAttribute('href');
    await waitFor(() => expect(manifest()).toBe('/pass/api/manifest.webmanifest?o=101&lang=de&t=tok'));
    act(() => {
      noteSavedLanguage('tok', 'es');
    });
    await waitFor(() => expect(manifest()).toBe('/pass/api/manifest.webmanifest?o=101&lang=es&t=tok'));
  });

  it('loads no script for an offer without a snippet', () => {
    renderHook(() => usePassHeadLinks(makeData(), 'tok'));
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
  });
});
