import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCatalogue, compileCatalogueMessage } from '../build/lingui-catalogues';
import { checkCatalogues, type LanguageCatalogues, scanSource, withoutComments } from './catalogue-check';
import { PSEUDO_CLOSE, PSEUDO_OPEN } from './pseudo';

// Issue 32 item 5 (decisions 0050, 0052): the catalogues stay whole. Plain file reads and the scanner of
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
    cart: { title: 'Cart', items: '{count, plural, one {{count} item} other {{count} items}}' },
  };
  const spanish = {
    common: { cancel: 'Cancelar' },
    cart: {
      title: 'Carrito',
      items: '{count, plural, one {{count} artículo} many {{count} de artículos} other {{count} artículos}}',
    },
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
      'Cart.tsx': `${page}\nconst { t } = useTranslation('cart');\nt('nope'); t(\`items.\${kind}\`); translate(key); t('a' + b);\n`,
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

  it('fails on a plural without one or other, in English or another language', () => {
    const noOne = { ...english, cart: { ...english.cart, items: '{count, plural, other {{count} items}}' } };
    expect(checkCatalogues({ ...whole, catalogues: { en: noOne, es: spanish } })).toEqual([
      'en/cart.json: "items": the plural of {count} lacks one',
    ]);
    const noOther = {
      ...spanish,
      cart: { ...spanish.cart, items: 'Hay {count, plural, one {{count} artículo} =0 {ninguno}}' },
    };
    expect(checkCatalogues({ ...whole, catalogues: { en: english, es: noOther } })).toEqual([
      'es/cart.json: "items": the plural of {count} lacks other',
    ]);
  });

  it('fails on a message that is not valid ICU MessageFormat, naming its file and key', () => {
    const broken = { ...spanish, cart: { ...spanish.cart, title: 'Carrito {count' } };
    const problems = checkCatalogues({ ...whole, catalogues: { en: english, es: broken } });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^es\/cart\.json: "title" is not valid ICU MessageFormat: /);
    // The build's compilation (src/build/lingui-catalogues.ts) stops on it too, naming the file and key.
    expect(() => compileCatalogue('locales/es/cart.json', JSON.stringify(broken.cart), 'cart')).toThrow(
      /^locales\/es\/cart\.json: "title" is not valid ICU MessageFormat: /,
    );
    expect(compileCatalogue('locales/en/cart.json', JSON.stringify(english.cart), 'cart')).toHaveProperty(
      'cart:items',
    );
  });

  it('reads namespaces per call: aliases, TFunction parameters, translate and englishText', () => {
    const scan = scanSource(
      'x.ts',
      `const { t: tCommon } = useTranslation('common');
       function label(t: TFunction<'cart'>) { return t('title'); }
       tCommon('cancel'); translate('cart:title'); englishText('cancel');
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

describe('the pseudo-locale (decisions 0050, 0052)', () => {
  /** A compiled message's text, its placeholders and plurals written back as `{name}` and `{name, plural}`. */
  const text = (message: unknown): string =>
    Array.isArray(message)
      ? message
          .map((token) =>
            typeof token === 'string'
              ? token
              : `{${token[0]}${token[1] ? `, ${token[1]}` : ''}}${
                  token[2] && typeof token[2] === 'object'
                    ? Object.entries(token[2])
                        .filter(([, value]) => Array.isArray(value))
                        .map(([key, value]) => ` ${key} [${text(value)}]`)
                        .join('')
                    : ''
                }`,
          )
          .join('')
      : String(message);

  it('accents, lengthens by about 40 % and delimits, keeping placeholders, plural cases and tags', () => {
    const pseudo = text(compileCatalogueMessage('Sign in to {name} <1>now</1>', true));
    expect(pseudo.startsWith(PSEUDO_OPEN) && pseudo.endsWith(PSEUDO_CLOSE)).toBe(true);
    expect(pseudo).toContain('{name}');
    expect(pseudo).toContain('<1>');
    expect(pseudo).toContain('</1>');
    expect(pseudo.replace(/\{name\}|<\/?1>/g, '')).not.toMatch(/[A-Za-z]/);
    const plural = text(
      compileCatalogueMessage('{count, plural, one {{count} item} other {{count} items}}', true),
    );
    expect(plural).toMatch(
      /^\[\{count, plural\} one \[\{count\} [^A-Za-z\]]+\] other \[\{count\} [^A-Za-z\]]+\]\]$/,
    );
    const english = 'Complete Order';
    const length = text(compileCatalogueMessage(english, true)).length - 2;
    expect(length).toBeGreaterThanOrEqual(Math.round(english.length * 1.35));
    expect(length).toBeLessThanOrEqual(Math.round(english.length * 1.45));
  });

  it('makes every English catalogue a pseudo one with the same ids', () => {
    for (const [namespace, catalogue] of Object.entries(readCatalogues().en ?? {})) {
      const source = JSON.stringify(catalogue);
      const pseudo = compileCatalogue(`en/${namespace}.json`, source, namespace, true);
      expect(Object.keys(pseudo)).toEqual(
        Object.keys(compileCatalogue(`en/${namespace}.json`, source, namespace)),
      );
    }
  });
});
