import { describe, expect, it } from 'vitest';
import { buildWebManifest, imageTypeOf, type ManifestSource } from '../src/modules/manifest/domain';

const colour = (main: string | null) => ({ colors: { primary: { main } } });

function source(overrides: Partial<ManifestSource> = {}): ManifestSource {
  return {
    offerName: 'Pass',
    offerStyles: null,
    partnerStyles: null,
    icons: [],
    generatedIcons: new Set(),
    ...overrides,
  };
}

describe('buildWebManifest', () => {
  it('takes the offer colour, else the partner colour, else #006AAF, skipping invalid ones', () => {
    const themeOf = (s: ManifestSource) => buildWebManifest(s, 'tok').theme_color;
    expect(themeOf(source({ offerStyles: colour('#112233'), partnerStyles: colour('#445566') }))).toBe(
      '#112233',
    );
    expect(themeOf(source({ offerStyles: colour('red; x'), partnerStyles: colour('#445566') }))).toBe(
      '#445566',
    );
    expect(themeOf(source({ offerStyles: colour(null), partnerStyles: colour('#12345') }))).toBe('#006AAF');
  });

  it('picks each icon location from the offer, else the partner', () => {
    const manifest = buildWebManifest(
      source({
        icons: [
          { ownerType: 'partner', location: 'Icon196', url: '/pass/media/p196.svg' },
          { ownerType: 'partner', location: 'Icon152', url: '/pass/media/p152.png' },
          { ownerType: 'offer', location: 'Icon196', url: 'https://cdn.example/o196.webp?v=2' },
        ],
      }),
      'tok',
    );
    expect(manifest.icons).toEqual([
      { src: 'https://cdn.example/o196.webp?v=2', sizes: '196x196', type: 'image/webp' },
      { src: '/pass/media/p152.png', sizes: '152x152', type: 'image/png' },
    ]);
  });

  it('lists the PNGs made from the first SVG icon that has them, and that SVG for any size', () => {
    const manifest = buildWebManifest(
      source({
        icons: [
          { ownerType: 'partner', location: 'Icon196', url: '/pass/media/p196.svg' },
          { ownerType: 'offer', location: 'Icon152', url: '/pass/media/o152.svg' },
        ],
        generatedIcons: new Set([
          '/pass/media/p196.svg.192.png',
          '/pass/media/p196.svg.512.png',
          '/pass/media/o152.svg.192.png',
          '/pass/media/o152.svg.512.png',
        ]),
      }),
      'tok',
    );
    expect(manifest.icons).toEqual([
      { src: '/pass/media/p196.svg.192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/pass/media/p196.svg.512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/pass/media/p196.svg', sizes: 'any', type: 'image/svg+xml' },
      // Once is enough: the next icon is listed as before.
      { src: '/pass/media/o152.svg', sizes: '152x152', type: 'image/svg+xml' },
    ]);
  });

  it('lists only the PNGs that exist, and an SVG without any as before', () => {
    const icons = [
      { ownerType: 'offer', location: 'Icon196', url: '/pass/media/o196.svg' },
      { ownerType: 'offer', location: 'Icon152', url: '/pass/media/o152.svg' },
    ];
    expect(
      buildWebManifest(source({ icons, generatedIcons: new Set(['/pass/media/o152.svg.512.png']) }), 'tok')
        .icons,
    ).toEqual([
      { src: '/pass/media/o196.svg', sizes: '196x196', type: 'image/svg+xml' },
      { src: '/pass/media/o152.svg.512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/pass/media/o152.svg', sizes: 'any', type: 'image/svg+xml' },
    ]);
    expect(buildWebManifest(source({ icons }), 'tok').icons.map((icon) => icon.sizes)).toEqual([
      '196x196',
      '152x152',
    ]);
  });

  it("falls back to the app's own icons when there is no icon media, so the pass stays installable", () => {
    const icons = buildWebManifest(source(), 'tok').icons;
    expect(icons.map((icon) => icon.src)).toEqual([
      '/pass/icon-192.png',
      '/pass/icon-512.png',
      '/pass/icon.svg',
    ]);
  });

  it('encodes the token in the start URL', () => {
    expect(buildWebManifest(source(), 'a b&c=d').start_url).toBe('/pass/experiences?t=a+b%26c%3Dd');
  });
});

describe('imageTypeOf', () => {
  it.each([
    ['/pass/media/a.svg', 'image/svg+xml'],
    ['/pass/media/a.SVG', 'image/svg+xml'],
    ['https://x.example/a.jpeg#frag', 'image/jpeg'],
    ['https://x.example/a.png?size=2', 'image/png'],
    ['https://x.example/icon', undefined],
    ['https://x.example/a.svg.exe', undefined],
  ])('%s -> %s', (url, type) => {
    expect(imageTypeOf(url)).toBe(type);
  });
});
