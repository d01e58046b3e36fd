import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCatalogues, type LanguageCatalogues, scanSource, withoutComments } from './catalogue-check';
import { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoCatalogue, pseudoString } from './pseudo';

// Issue 32 item 5 (decision 0050): the catalogues stay whole. Plain file reads and the scanner of
// catalogue-check.ts; the second half runs the same check on broken copies, so that it cannot pass by
// finding nothing.

const SRC = path.join(import.meta.dirname, '..');
const LOCALES = path.join(import.meta.dirname, 'locales');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' && dir === SRC ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [file]
      : [];
  });
}

function readSources(): Record<string, string> {
  return Object.fromEntries(
    sourceFiles(SRC).map((file) => [path.relative(SRC, file), readFileSync(file, 'utf8')]),
  );
}

function readCatalogues(): Record<string, LanguageCatalogues> {
  return Object.fromEntries(
    readdirSync(LOCALES).map((language) => [
      language,
      Object.fromEntries(
        readdirSync(path.join(LOCALES, language))
          .filter((name) => name.endsWith('.json'))
          .map((name) => [
            name.slice(0, -'.json'.length),
            JSON.parse(readFileSync(path.join(LOCALES, language, name), 'utf8')) as Record<string, unknown>,
          ]),
      ),
    ]),
  );
}

describe('the catalogues (issue 32 item 5)', () => {
  it('have every key the code uses, in every language, and no key the code does not use', () => {
    const catalogues = readCatalogues();
    expect(Object.keys(catalogues).sort()).toEqual(['de', 'en', 'es', 'fr']);
    const sources = readSources();
    // The scan sees the app: hundreds of files, and the More page's own keys among the uses.
    expect(Object.keys(sources).length).toBeGreaterThan(200);
    const more = scanSource(
      'MorePage.tsx',
      sources[path.join('features', 'more', 'components', 'MorePage.tsx')] ?? '',
    );
    expect(more.uses.map((use) => `${use.namespace}:${use.key}`)).toContain('more:signOut');
    expect(checkCatalogues({ sources, catalogues })).toEqual([]);
  });
});

describe('the check itself, on broken copies', () => {
  const english = {
    common: { cancel: 'Cancel' },
    cart: { title: 'Cart', items_one: '{{count}} item', items_other: '{{count}} items' },
  };
  const spanish = {
    common: { cancel: 'Cancelar' },
    cart: { title: 'Carrito', items_one: '{{count}} artículo', items_other: '{{count}} artículos' },
  };
  const page = `
    import { Trans, useTranslation } from '../../i18n';
    // t('commented') is no use, nor is this: /* t('neither') */
    export function Cart({ n }: { n: number }) {
      const { t } = useTranslation('cart');
      return <p title={t('common:cancel')}>{t('title')} <Trans t={t} i18nKey="items" values={{ count: n }} /></p>;
    }
  `;
  const whole = { sources: { 'Cart.tsx': page }, catalogues: { en: english, es: spanish } };

  it('passes on a whole fixture', () => {
    expect(checkCatalogues(whole)).toEqual([]);
  });

  it('fails on a key the code uses that a language lacks', () => {
    const { title: _, ...rest } = spanish.cart;
    expect(
      checkCatalogues({ ...whole, catalogues: { en: english, es: { ...spanish, cart: rest } } }),
    ).toEqual(['es/cart.json lacks "title", which en has', 'Cart.tsx:6: "cart:title" is missing from es']);
  });

  it('fails on a key used in code that no catalogue has, and on a non-literal key', () => {
    const sources = {
      'Cart.tsx': `${page}\nconst { t } = useTranslation('cart');\nt('nope'); t(\`items.\${kind}\`); i18next.t(key); t('a' + b);\n`,
    };
    expect(checkCatalogues({ ...whole, sources })).toEqual([
      'Cart.tsx:10: t( is called with a key that is not a string literal',
      'Cart.tsx:10: t( is called with a key that is not a string literal',
      'Cart.tsx:10: t( is called with a key that is not a string literal',
      'Cart.tsx:10: "cart:nope" is missing from en',
      'Cart.tsx:10: "cart:nope" is missing from es',
    ]);
  });

  it('fails on a key that nothing uses, and on a language with a key English lacks', () => {
    const catalogues = {
      en: { ...english, cart: { ...english.cart, unused: 'Unused' } },
      es: { ...spanish, common: { ...spanish.common, extra: 'Extra' } },
    };
    expect(checkCatalogues({ ...whole, catalogues }).sort()).toEqual([
      'en/cart.json: "unused" is used nowhere',
      'es/cart.json lacks "unused", which en has',
      'es/common.json has "extra", which en lacks',
    ]);
  });

  it('fails on an English plural without _one or _other, and counts a family as one key', () => {
    const { items_one: _, ...noOne } = english.cart;
    const catalogues = { en: { ...english, cart: noOne }, es: spanish };
    expect(checkCatalogues({ ...whole, catalogues })).toEqual([
      'en/cart.json: the plural "items" lacks _one or _other',
    ]);
    // A language whose family lacks one of them fails too.
    const { items_other: __, ...noOther } = spanish.cart;
    expect(
      checkCatalogues({ ...whole, catalogues: { en: english, es: { ...spanish, cart: noOther } } }),
    ).toEqual(['es/cart.json: the plural "items" lacks _one or _other']);
    // A Spanish family with an extra plural form (many) is still the same key.
    const many = { ...spanish, cart: { ...spanish.cart, items_many: '{{count}} de artículos' } };
    expect(checkCatalogues({ ...whole, catalogues: { en: english, es: many } })).toEqual([]);
  });

  it('reads namespaces per call: aliases, TFunction parameters, i18next.t with a namespace', () => {
    const scan = scanSource(
      'x.ts',
      `const { t: tCommon } = useTranslation('common');
       function label(t: TFunction<'cart'>) { return t('title'); }
       tCommon('cancel'); i18next.t('cart:title'); i18next.t('cancel');
       const url = 'https://example.org/t("no")'; // t('no')`,
    );
    expect(scan.dynamic).toEqual([]);
    expect(scan.uses.map((use) => `${use.namespace}:${use.key}`).sort()).toEqual([
      'cart:title',
      'cart:title',
      'common:cancel',
      'common:cancel',
    ]);
  });

  it('blanks comments but keeps strings and template literals, offsets unchanged', () => {
    const source = "a('//x'); // t('y')\n`$" + '{b /* c */}` /* d\n e */';
    const out = withoutComments(source);
    expect(out).toHaveLength(source.length);
    expect(out).toContain("a('//x');");
    expect(out).not.toContain("t('y')");
    expect(out).not.toContain('c */');
    expect(out.split('\n')).toHaveLength(3);
  });
});

describe('the pseudo-locale (decision 0050)', () => {
  it('accents, lengthens by about 40 % and delimits, keeping placeholders and tags', () => {
    const pseudo = pseudoString('Sign in to {{name}} <1>now</1>');
    expect(pseudo.startsWith(PSEUDO_OPEN) && pseudo.endsWith(PSEUDO_CLOSE)).toBe(true);
    expect(pseudo).toContain('{{name}}');
    expect(pseudo).toContain('<1>');
    expect(pseudo).toContain('</1>');
    expect(pseudo.replace(/\{\{name\}\}|<\/?1>/g, '')).not.toMatch(/[A-Za-z]/);
    const text = 'Complete Order';
    const length = pseudoString(text).length - 2;
    expect(length).toBeGreaterThanOrEqual(Math.round(text.length * 1.35));
    expect(length).toBeLessThanOrEqual(Math.round(text.length * 1.45));
  });

  it('makes every English catalogue a pseudo one with the same keys', () => {
    const english = readCatalogues().en ?? {};
    for (const catalogue of Object.values(english)) {
      const pseudo = pseudoCatalogue(catalogue);
      expect(Object.keys(pseudo)).toEqual(Object.keys(catalogue));
    }
  });
});
