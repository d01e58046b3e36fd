import type { PassLanguage } from '@trailpass/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteSavedLanguage, resetLanguageForTests } from '../../i18n/language';
import { firstScreenShown, resetFirstScreenForTests } from '../../lib/first-screen';
import { isKeepFirstVisitMessage, KEEP_FIRST_VISIT } from './first-visit-message';
import {
  type FirstVisitSources,
  keepFirstVisitMessage,
  keepFirstVisitWhenWorkerTakesControl,
  PAGE_SOURCES,
  pageReads,
  partnerMedia,
} from './keep-first-visit';

const origin = window.location.origin;

/** The parts of navigator.serviceWorker this uses; jsdom has no service workers. */
function workerContainer(controller: ServiceWorker | null) {
  const target = new EventTarget();
  return Object.assign(target, { controller }) as unknown as ServiceWorkerContainer & {
    controller: ServiceWorker | null;
  };
}

const sources = (token: string | null = 'tok', language: PassLanguage | null = 'es'): FirstVisitSources => ({
  token: () => token,
  language: () => language,
  fetched: () => [
    `${origin}/pass/api/partnerUser/1001/messages/unreadCount?offerId=101&t=tok`,
    `${origin}/pass/api/partnerUser/1001/modules/assignment/offer/assignmentId/101/location/pass?offerId=101&t=tok`,
    'https://elsewhere.example/pass/api/data?t=tok',
  ],
  loaded: () => [
    `${origin}/pass/media/brew-trail-hero.svg`,
    `${origin}/pass/assets/index-abc.js`,
    `${origin}/pass/media/brew-trail-hero.svg`,
  ],
  served: () => ({ token: 'tok', keys: ['/data?t=tok'] }),
});

beforeEach(() => resetFirstScreenForTests());
afterEach(() => {
  vi.useRealTimers();
  resetLanguageForTests();
});

describe('keepFirstVisitWhenWorkerTakesControl', () => {
  it('tells the first worker to take control what the page has shown, once the first screen is there', async () => {
    const container = workerContainer(null);
    keepFirstVisitWhenWorkerTakesControl(container, sources());
    const postMessage = vi.fn();
    container.controller = { postMessage } as unknown as ServiceWorker;
    container.dispatchEvent(new Event('controllerchange'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(postMessage).not.toHaveBeenCalled();

    firstScreenShown();
    await expect.poll(() => postMessage.mock.calls.length).toBe(1);
    const [message] = postMessage.mock.calls[0] ?? [];
    expect(isKeepFirstVisitMessage(message)).toBe(true);
    expect(message).toEqual({
      type: KEEP_FIRST_VISIT,
      token: 'tok',
      // The language the page's reads were asked in: the worker asks them again in it.
      language: 'es',
      reads: [
        `${origin}/pass/api/partnerUser/1001/messages/unreadCount?offerId=101&t=tok`,
        `${origin}/pass/api/partnerUser/1001/modules/assignment/offer/assignmentId/101/location/pass?offerId=101&t=tok`,
        `${origin}/pass/api/data?t=tok`,
      ],
      media: [`${origin}/pass/media/brew-trail-hero.svg`],
    });

    container.dispatchEvent(new Event('controllerchange'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(postMessage).toHaveBeenCalledTimes(1);
  });

  it('does nothing on a page a worker already controls', async () => {
    const postMessage = vi.fn();
    const container = workerContainer({ postMessage } as unknown as ServiceWorker);
    keepFirstVisitWhenWorkerTakesControl(container, sources());
    firstScreenShown();
    container.dispatchEvent(new Event('controllerchange'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('does nothing where the browser has no service workers', () => {
    expect(() => keepFirstVisitWhenWorkerTakesControl(undefined, sources())).not.toThrow();
  });
});

describe('keepFirstVisitMessage', () => {
  it('has nothing to say without a token', () => {
    expect(keepFirstVisitMessage(sources(null), origin)).toBeNull();
  });

  it('says no language when the app sends none, which the worker then sends none of either', () => {
    const message = keepFirstVisitMessage(sources('tok', null), origin);
    expect(message?.language).toBeNull();
    expect(isKeepFirstVisitMessage(message)).toBe(true);
  });

  it("names the page's own language by default: the X-Pass-Language its reads are sent with", () => {
    // The page's language, beside the other sources (jsdom keeps no resource timings).
    const message = () => keepFirstVisitMessage({ ...sources(), language: PAGE_SOURCES.language }, origin);
    resetLanguageForTests('?t=tok&lang=fr');
    expect(message()?.language).toBe('fr');
    // An English browser with nothing chosen: none before /data has said what the holder saved, then the
    // saved language.
    window.sessionStorage.clear();
    resetLanguageForTests('?t=tok');
    expect(message()?.language).toBeNull();
    noteSavedLanguage('tok', 'de');
    expect(message()?.language).toBe('de');
  });

  it("leaves out the answers that came with the page for another token (a public link's visitor)", () => {
    const message = keepFirstVisitMessage(
      { ...sources('visitor'), served: () => ({ token: 'public', keys: ['/data?t=public'] }) },
      origin,
    );
    expect(message?.reads.some((url) => url.includes('t=public'))).toBe(false);
  });
});

describe('pageReads', () => {
  it('keeps the fetched calls of this origin and the reads whose answers came with the page, once each', () => {
    expect(
      pageReads(
        [`${origin}/pass/api/data?t=tok`, 'https://cdn.example/x.json'],
        ['/data?t=tok', '/partnerUser/1001/points/current?offerId=101&dealId=201&t=tok'],
        origin,
      ),
    ).toEqual([
      `${origin}/pass/api/data?t=tok`,
      `${origin}/pass/api/partnerUser/1001/points/current?offerId=101&dealId=201&t=tok`,
    ]);
  });
});

describe('partnerMedia', () => {
  const site = 'https://pass.example';

  it('keeps the media of this origin under /pass/media/, once each', () => {
    expect(
      partnerMedia(
        [
          `${site}/pass/media/growler.svg`,
          `${site}/pass/media/growler.svg`,
          `${site}/pass/api/data?t=x`,
          `${site}/pass/assets/index-abc.js`,
          'https://cdn.example/pass/media/remote.jpg',
        ],
        site,
      ),
    ).toEqual([`${site}/pass/media/growler.svg`]);
  });
});
