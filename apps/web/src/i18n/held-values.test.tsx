import { act, render, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, Trans, translate, useTranslation } from '.';
import { englishText } from './runtime';
import { loadCatalogues } from './switch';

// Issue 32: Lingui decodes `\uXXXX` and `\xXX` in its output, values included; held-values.ts keeps every
// value as given. Each value below is one Lingui would change or take for a marker (`\u0001`, which the
// holding uses), and the messages carry two values, so that a marker put back in the wrong place shows.
const VALUES = ['Tee \\x41', '\\u0041', '\\', 'a \\ b', '\u0001', '\u00010\u0001', 'Anchor & Oar'];
const VENUE = 'Dock \\x42 \u0001';

const LANGUAGES = [
  {
    language: 'en',
    one: (amount: string) => `${amount} point`,
    other: (amount: string) => `${amount} points`,
    pickup: 'Pickup point: ',
  },
  {
    language: 'de',
    one: (amount: string) => `${amount} Punkt`,
    other: (amount: string) => `${amount} Punkte`,
    pickup: 'Abholstelle: ',
  },
] as const;

afterEach(() => {
  act(() => i18n.activate('en'));
});

it('needs the holding: Lingui itself decodes an escape in a value', () => {
  expect(i18n._('cart:pointsAmount', { count: 1, amount: 'Tee \\x41' })).toBe('Tee A point');
});

describe.each(LANGUAGES)('values in $language', ({ language, one, other, pickup }) => {
  async function activate(): Promise<void> {
    await loadCatalogues(language);
    act(() => i18n.activate(language));
  }

  it('come out of translate exactly as given, in the plural form the count picks', async () => {
    await activate();
    for (const amount of VALUES) {
      expect(translate('cart:pointsAmount', { count: 1, amount })).toBe(one(amount));
      expect(translate('cart:pointsAmount', { count: 3, amount })).toBe(other(amount));
    }
  });

  it("come out of the hook's t exactly as given, each in its own place", async () => {
    await activate();
    const { result } = renderHook(() => useTranslation('cart'));
    for (const point of VALUES) {
      expect(result.current.t('pickupPointAtVenue', { point, venue: VENUE })).toBe(
        `${pickup}<strong>${point}</strong>, ${VENUE}`,
      );
      expect(result.current.t('pointsAmount', { count: 2, amount: point })).toBe(other(point));
    }
  });

  it('show in Trans exactly as given, inside and outside its tags', async () => {
    await activate();
    const { result } = renderHook(() => useTranslation('cart'));
    for (const point of VALUES) {
      const { container, unmount } = render(
        <Trans
          t={result.current.t}
          i18nKey="pickupPointAtVenue"
          values={{ point, venue: VENUE }}
          components={{ strong: <strong /> }}
        />,
      );
      expect(container.textContent).toBe(`${pickup}${point}, ${VENUE}`);
      expect(container.querySelector('strong')?.textContent).toBe(point);
      unmount();
    }
  });
});

it('come out of englishText exactly as given whatever the active language', async () => {
  await loadCatalogues('de');
  act(() => i18n.activate('de'));
  for (const amount of VALUES) {
    expect(englishText('cart:pointsAmount', { count: 1, amount })).toBe(`${amount} point`);
  }
});
