import * as contract from '@trailpass/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  activeLanguage,
  asPassLanguage,
  browserLanguage,
  chooseLanguage,
  formattingLocale,
  LANGUAGE_HEADER,
  languageSource,
  linkLanguage,
  noteSavedLanguage,
  onLanguageChange,
  PASS_LANGUAGES,
  requestLanguage,
  resetLanguageForTests,
  resolveLanguage,
  SESSION_LANGUAGE_KEY,
} from './language';

function browser(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  resetLanguageForTests();
});

describe("the contract's languages, copied for the entry chunk", () => {
  it('are the same', () => {
    expect(PASS_LANGUAGES).toEqual(contract.PASS_LANGUAGES);
    expect(LANGUAGE_HEADER).toBe(contract.LANGUAGE_HEADER);
    for (const value of ['en', 'es', 'fr', 'de', 'it', 'ES', '', null, 3]) {
      expect(asPassLanguage(value)).toBe(contract.asPassLanguage(value));
    }
  });
});

describe('the language order (issue 32 item 2)', () => {
  it('is the link (or the More page), then the saved language, then the browser, then English', () => {
    expect(resolveLanguage({ chosen: 'es', saved: 'de', browser: 'fr' })).toEqual({
      language: 'es',
      source: 'chosen',
    });
    expect(resolveLanguage({ chosen: null, saved: 'de', browser: 'fr' })).toEqual({
      language: 'de',
      source: 'saved',
    });
    expect(resolveLanguage({ chosen: null, saved: null, browser: 'fr' })).toEqual({
      language: 'fr',
      source: 'browser',
    });
    expect(resolveLanguage({ chosen: null, saved: undefined, browser: null })).toEqual({
      language: 'en',
      source: 'default',
    });
  });

  it('reads ?lang= exactly as the server does, the pseudo-locale included', () => {
    expect(linkLanguage('?t=x&lang=es')).toBe('es');
    expect(linkLanguage('?lang=en-XA')).toBe('en-XA');
    expect(linkLanguage('?lang=ES')).toBeNull();
    expect(linkLanguage('?lang=it')).toBeNull();
    expect(linkLanguage('?t=x')).toBeNull();
  });

  it('takes the first browser language whose primary subtag we have', () => {
    expect(browserLanguage(['ja-JP', 'de-AT', 'es'])).toBe('de');
    expect(browserLanguage(['FR-ca'])).toBe('fr');
    expect(browserLanguage(['ja', 'zh-Hant'])).toBeNull();
    expect(browserLanguage([])).toBeNull();
  });

  it("keeps the link's language for the session, above the saved one", () => {
    resetLanguageForTests('?t=tok&lang=fr');
    expect(window.sessionStorage.getItem(SESSION_LANGUAGE_KEY)).toBe('fr');
    noteSavedLanguage('tok', 'de');
    expect(activeLanguage()).toBe('fr');
    // A reload, or another page of the session, without ?lang=.
    resetLanguageForTests('?t=tok');
    expect(activeLanguage()).toBe('fr');
    expect(languageSource()).toBe('chosen');
  });

  it("asks the server in the browser's language before /data says what was saved, then in the active one", () => {
    browser('de-DE', 'en');
    resetLanguageForTests('?t=tok');
    expect(activeLanguage()).toBe('de');
    expect(requestLanguage()).toBe('de');
    const listener = vi.fn();
    onLanguageChange(listener);
    expect(noteSavedLanguage('tok', 'es')).toBe(true);
    expect(listener).toHaveBeenCalledOnce();
    expect(activeLanguage()).toBe('es');
    expect(requestLanguage()).toBe('es');
    expect(noteSavedLanguage('tok', 'es')).toBe(false);
  });

  it('sends no header from an English browser until the saved language is known, then English', () => {
    browser('en-GB');
    resetLanguageForTests('?t=tok');
    expect(requestLanguage()).toBeNull();
    noteSavedLanguage('tok', null);
    expect(requestLanguage()).toBe('en');
  });

  it('asks for English content in the pseudo-locale, and a More-page choice holds for the session', () => {
    resetLanguageForTests('?t=tok&lang=en-XA');
    expect(activeLanguage()).toBe('en-XA');
    expect(requestLanguage()).toBe('en');
    chooseLanguage('de');
    expect(activeLanguage()).toBe('de');
    resetLanguageForTests('?t=tok');
    expect(activeLanguage()).toBe('de');
  });
});

describe('formattingLocale (dates and numbers)', () => {
  it("is the browser's locale in English, as before, and the browser's tag of another language", () => {
    browser('en-GB', 'es-MX');
    resetLanguageForTests('?t=tok');
    expect(formattingLocale()).toBe('en-GB');
    chooseLanguage('es');
    expect(formattingLocale()).toBe('es-MX');
    chooseLanguage('de');
    expect(formattingLocale()).toBe('de');
  });
});
