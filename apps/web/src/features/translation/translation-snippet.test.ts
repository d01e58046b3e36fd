import { renderHook } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, noteSavedLanguage, resetLanguageForTests } from '../../i18n/language';
import { makeData, makeOffer, makeSignedOut } from '../../test/fixtures';
import { snippetWanted, translationScriptUrl, useTranslationSnippet } from './translation-snippet';

const scripts = () => [...document.head.querySelectorAll('script')];
const withSnippet = (snippet: string | null) => makeData({ offer: makeOffer({ bablic_snippet: snippet }) });

beforeEach(() => {
  document.head.innerHTML = '<script type="module" src="/pass/assets/index-abc123.js"></script>';
});

describe('useTranslationSnippet (spec 3, Offer bablic_snippet)', () => {
  it("adds one async script with the snippet's exact URL for an offer with a snippet", () => {
    renderHook(() => useTranslationSnippet(withSnippet('Ab12Cd34')));
    const added = scripts().filter((script) => script.src.startsWith('https:'));
    expect(added).toHaveLength(1);
    expect(added[0]?.getAttribute('src')).toBe('https://cdn2.bablic.com/websites/Ab12Cd34.js');
    expect(added[0]?.hasAttribute('async')).toBe(true);
    expect(added[0]?.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('adds it once: not again on a re-render, a new /data answer or a second user of the hook', () => {
    const { rerender } = renderHook(({ data }) => useTranslationSnippet(data), {
      initialProps: { data: withSnippet('Ab12Cd34') },
    });
    rerender({ data: withSnippet('Ab12Cd34') });
    renderHook(() => useTranslationSnippet(withSnippet('Ab12Cd34')));
    expect(scripts()).toHaveLength(2);
  });

  it('leaves it in place on sign-out (the Login page of the offer is translated too)', () => {
    const { rerender } = renderHook(({ data }) => useTranslationSnippet(data), {
      initialProps: { data: withSnippet('Ab12Cd34') },
    });
    rerender({ data: makeSignedOut({ offer: makeOffer({ bablic_snippet: 'Ab12Cd34' }) }) });
    expect(scripts().map((script) => script.getAttribute('src'))).toContain(
      'https://cdn2.bablic.com/websites/Ab12Cd34.js',
    );
    expect(scripts()).toHaveLength(2);
  });

  it('adds nothing for an offer without a snippet, or without an offer (unregistered link)', () => {
    renderHook(() => useTranslationSnippet(withSnippet(null)));
    renderHook(() => useTranslationSnippet(withSnippet('')));
    renderHook(() => useTranslationSnippet(makeSignedOut({ offer: null, partner: null })));
    expect(scripts()).toHaveLength(1);
  });

  it.each(['x.js?y=', '../evil', 'https://evil.example/a', 'Ab12 Cd34', 'a'.repeat(65)])(
    'adds nothing for the ill-formed id %j',
    (snippet) => {
      renderHook(() => useTranslationSnippet(withSnippet(snippet)));
      expect(scripts()).toHaveLength(1);
      expect(translationScriptUrl(withSnippet(snippet))).toBeNull();
    },
  );
});

describe("the snippet and the holder's language (issue 32 item 4, decision 0050)", () => {
  const snippetScripts = () => scripts().filter((script) => script.hasAttribute('data-translation-snippet'));
  const browser = (...languages: string[]) => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
  };
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
    resetLanguageForTests();
  });

  it('loads when the browser asks for a language the app has no catalogue of (English shown)', () => {
    browser('ja-JP', 'ko');
    resetLanguageForTests('?t=tok');
    noteSavedLanguage('tok', null);
    expect(snippetWanted()).toBe(true);
    renderHook(() => useTranslationSnippet(withSnippet('Ab12Cd34')));
    expect(snippetScripts()).toHaveLength(1);
  });

  it.each([
    ['the link', '?t=tok&lang=es', null, 'ja'],
    ['the saved language', '?t=tok', 'fr', 'ja'],
    ['the browser', '?t=tok', null, 'de-DE'],
  ] as const)('does not load with a native translation from %s', (_from, search, saved, language) => {
    browser(language);
    resetLanguageForTests(search);
    noteSavedLanguage('tok', saved);
    expect(snippetWanted()).toBe(false);
    renderHook(() => useTranslationSnippet(withSnippet('Ab12Cd34')));
    expect(snippetScripts()).toHaveLength(0);
  });

  it('does not load for a holder who chose English, and loads once English is nobody’s choice', () => {
    browser('ja');
    resetLanguageForTests('?t=tok&lang=en');
    expect(snippetWanted()).toBe(false);
    resetLanguageForTests('?t=tok');
    window.sessionStorage.clear();
    resetLanguageForTests('?t=tok');
    noteSavedLanguage('tok', 'de');
    renderHook(() => useTranslationSnippet(withSnippet('Ab12Cd34')));
    expect(snippetScripts()).toHaveLength(0);
    // The holder's saved German goes (another holder signs in on this device): the snippet may load now.
    act(() => {
      noteSavedLanguage('other', null);
    });
    expect(snippetScripts()).toHaveLength(1);
    act(() => chooseLanguage('es'));
    // Once added it stays (removing it would not undo what it did), but nothing more is added.
    expect(snippetScripts()).toHaveLength(1);
  });
});
