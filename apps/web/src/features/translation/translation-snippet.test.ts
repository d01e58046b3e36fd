import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeData, makeOffer, makeSignedOut } from '../../test/fixtures';
import { translationScriptUrl, useTranslationSnippet } from './translation-snippet';

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
