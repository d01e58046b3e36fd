import { QueryClient } from '@tanstack/react-query';
import { BOOT_READS_ELEMENT_ID } from '@trailpass/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, interfaceLanguage } from '../../i18n';
import { activeLanguage, resetLanguageForTests } from '../../i18n/language';
import { forgetBootReadsForTests, takeBootRead } from '../../lib/boot-reads';
import { mockApi } from '../../test/api-mock';
import { makeData, makeSignedOut } from '../../test/fixtures';
import { fetchData } from './api/data';
import { startLanguage } from './api/language';

// Decision 0050: /data and the holder's language.

function browser(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

/** A page served for `?t=tok` with its /data embedded (decision 0026). */
function servePage(data: unknown, url = '/pass/experiences?t=tok') {
  window.history.replaceState(null, '', url);
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = BOOT_READS_ELEMENT_ID;
  script.textContent = JSON.stringify({
    sentAt: Date.now(),
    reads: { '/data': { at: Date.now(), body: data } },
  });
  document.body.append(script);
}

afterEach(async () => {
  vi.restoreAllMocks();
  document.getElementById(BOOT_READS_ELEMENT_ID)?.remove();
  forgetBootReadsForTests();
  window.sessionStorage.clear();
  resetLanguageForTests();
  i18n.activate('en');
});

describe('fetchData and the saved language', () => {
  it("asks in the browser's language, and again in the saved one when it differs, before it answers", async () => {
    browser('de-DE');
    window.history.replaceState(null, '', '/pass/experiences?t=tok');
    resetLanguageForTests('?t=tok');
    const { calls } = mockApi({
      'GET /data': ({ headers }) => ({
        status: 200,
        body: makeData({
          language: 'es',
          offer: makeData().offer,
          internal_staff: headers.get('X-Pass-Language') === 'es',
        }),
      }),
    });
    const data = await fetchData(undefined, 'tok');
    expect(calls.map((call) => call.headers.get('X-Pass-Language'))).toEqual(['de', 'es']);
    // The answer is the second one, and the interface is Spanish before it resolves.
    expect(data.internal_staff).toBe(true);
    expect(activeLanguage()).toBe('es');
    expect(interfaceLanguage()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
  });

  it('asks once when the saved language is the one asked for, or there is none', async () => {
    browser('fr-FR');
    resetLanguageForTests('?t=tok');
    const { calls } = mockApi({ 'GET /data': () => ({ status: 200, body: makeSignedOut() }) });
    await fetchData(undefined, 'tok');
    expect(calls.map((call) => call.headers.get('X-Pass-Language'))).toEqual(['fr']);
    expect(activeLanguage()).toBe('fr');
  });
});

describe('startLanguage', () => {
  it('keeps embedded answers written in the holder language, and reads the saved one from them', async () => {
    browser('en-US');
    servePage(makeData({ language: 'de' }));
    resetLanguageForTests('?t=tok');
    await startLanguage(new QueryClient());
    expect(activeLanguage()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(takeBootRead({ path: '/data', query: {} }, 'tok')).toBeDefined();
  });

  it("drops embedded answers in English when the browser's language is another (the server could not know it)", async () => {
    browser('de-DE');
    servePage(makeData({ language: null }));
    resetLanguageForTests('?t=tok');
    await startLanguage(new QueryClient());
    expect(activeLanguage()).toBe('de');
    expect(takeBootRead({ path: '/data', query: {} }, 'tok')).toBeUndefined();
  });

  it("keeps a ?lang= link's embedded answers, which the server wrote in that language", async () => {
    browser('de-DE');
    servePage(makeData({ language: null }), '/pass/experiences?t=tok&lang=es');
    resetLanguageForTests('?t=tok&lang=es');
    await startLanguage(new QueryClient());
    expect(activeLanguage()).toBe('es');
    expect(takeBootRead({ path: '/data', query: {} }, 'tok')).toBeDefined();
  });
});
