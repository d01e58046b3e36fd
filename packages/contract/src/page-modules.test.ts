import { describe, expect, it } from 'vitest';
import type { AssignmentResponse, PageModule } from './assignments';
import { parseBootReads } from './boot-reads';
import { firstScreenModuleTypes, heroImageUrl, pageModules } from './page-modules';

const KNOWN = new Set(['Greeting', 'ImageShowcase', 'DashboardImage', 'Html', 'Video', 'Audio', 'DealInfo']);
const isKnown = (type: string | null): type is string => type !== null && KNOWN.has(type);

function module(id: number, type: string | null, data: Record<string, unknown> = {}): PageModule {
  return {
    id,
    type,
    name: String(type),
    sort_order: id,
    data,
    settings: null,
    assignment: 'offer',
    isFixed: false,
    opacity: 1,
  };
}

function answer(modules: PageModule[], media: { id: number; url: string }[] = []): AssignmentResponse {
  return {
    assignment: modules.length
      ? { id: 1, type: 'offer', assignmentId: 101, location: 'pass', unregistered: false }
      : null,
    modules,
    data: { media },
  } as unknown as AssignmentResponse;
}

describe('firstScreenModuleTypes', () => {
  it('is the known types of the first two blocks, a tab group counting as one (its first tab)', () => {
    const modules = [
      module(1, 'Greeting'),
      module(2, 'Tab'),
      module(3, 'Html'),
      module(4, 'Tab'),
      module(5, 'Video'),
      module(6, 'TabsEnd'),
      module(7, 'Audio'),
    ];
    expect(firstScreenModuleTypes(modules, isKnown)).toEqual(['Greeting', 'Html']);
  });

  it('skips unknown and typeless modules without counting them', () => {
    const modules = [
      module(1, 'Carousel3D'),
      module(2, null),
      module(3, 'DealInfo'),
      module(4, 'Audio'),
      module(5, 'Html'),
    ];
    expect(firstScreenModuleTypes(modules, isKnown)).toEqual(['DealInfo', 'Audio']);
  });
});

describe('pageModules', () => {
  it('is the default layout of a page without an assignment, and the assignment’s modules otherwise', () => {
    expect(pageModules(answer([]), 'venue').map((m) => m.type)).toEqual([
      'VenueInfo',
      'OpeningHours',
      'VenueLinks',
      'Products',
    ]);
    expect(pageModules(answer([]), 'offer')).toEqual([]);
    expect(pageModules(answer([module(1, 'Html')]), 'venue').map((m) => m.type)).toEqual(['Html']);
  });
});

describe('heroImageUrl', () => {
  const media = [
    { id: 9, url: '/pass/media/hero.jpg' },
    { id: 10, url: '/pass/media/second.jpg' },
  ];

  it('is the first picture of a showcase among the first three modules', () => {
    expect(
      heroImageUrl(answer([module(1, 'Greeting'), module(2, 'ImageShowcase', { media: [9, 10] })], media)),
    ).toBe('/pass/media/hero.jpg');
    expect(heroImageUrl(answer([module(1, 'DashboardImage', { media: [10] })], media))).toBe(
      '/pass/media/second.jpg',
    );
  });

  it('is null for a showcase further down, without media, or naming a picture the answer lacks', () => {
    const below = [
      module(1, 'Html'),
      module(2, 'Html'),
      module(3, 'Html'),
      module(4, 'ImageShowcase', { media: [9] }),
    ];
    expect(heroImageUrl(answer(below, media))).toBeNull();
    expect(heroImageUrl(answer([module(1, 'ImageShowcase')], media))).toBeNull();
    expect(heroImageUrl(answer([module(1, 'ImageShowcase', { media: [77] })], media))).toBeNull();
  });
});

describe('parseBootReads', () => {
  it('keeps well-formed reads and drops the rest', () => {
    const text = JSON.stringify({
      sentAt: 5,
      reads: { '/data': { at: 4, body: { a: 1 } }, bad: { at: 1, body: 1 }, '/x': { body: 1 } },
    });
    expect(parseBootReads(text)).toEqual({ sentAt: 5, reads: { '/data': { at: 4, body: { a: 1 } } } });
  });

  it('is null for malformed JSON or the wrong shape', () => {
    expect(parseBootReads('{')).toBeNull();
    expect(parseBootReads('[]')).toBeNull();
    expect(parseBootReads('{"reads":{}}')).toBeNull();
  });
});
