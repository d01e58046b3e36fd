/**
 * The catalogues' completeness check (issue 32 item 5, decisions 0050 and 0052), for catalogues.test.ts:
 * plain text scanning, no compiler. From the sources it collects every key the app asks for (`t('key')`,
 * `t('ns:key')`, `translate('ns:key')`, `englishText('ns:key')`, `i18nKey="key"`), each in the namespace its
 * file gives it (the nearest `useTranslation('ns')` or `TFunction<'ns'>` before the call, else `common`, the
 * default namespace), and every such call whose key is not a string literal. Then it compares them with the
 * catalogues: a used key missing from a language, an English key used nowhere, a language with keys English
 * lacks or lacking keys English has, a message that is not valid ICU MessageFormat, and a plural without its
 * `one` or `other` case.
 */
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/** A language's catalogues by namespace: locales/<language>/<namespace>.json, parsed. */
export type LanguageCatalogues = Record<string, Record<string, unknown>>;

export interface CheckInput {
  /** Source files by path (relative, for the messages): the app's code, without its tests. */
  sources: Record<string, string>;
  /** Every language's catalogues; `en` is the reference. */
  catalogues: Record<string, LanguageCatalogues>;
  /** The namespace of a key without one and outside any useTranslation (src/i18n/namespaces.ts). */
  defaultNamespace?: string;
}

/** The cases every plural must have, in every language of the app. */
export const PLURAL_CASES = ['one', 'other'] as const;

/** The problems of one message: not valid ICU, or a plural (at any depth) without one of PLURAL_CASES. */
export function messageProblems(where: string, message: string): string[] {
  let compiled: CompiledMessage;
  try {
    compiled = compileMessageOrThrow(message);
  } catch (error) {
    return [`${where} is not valid ICU MessageFormat: ${(error as Error).message}`];
  }
  const problems: string[] = [];
  const visit = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, type, format] = token;
      if (type !== 'plural' && type !== 'selectordinal' && type !== 'select') continue;
      const cases = format as Record<string, CompiledMessage | number | undefined>;
      if (type === 'plural') {
        const lacking = PLURAL_CASES.filter((plural) => !Array.isArray(cases[plural]));
        if (lacking.length > 0)
          problems.push(`${where}: the plural of {${name}} lacks ${lacking.join(' and ')}`);
      }
      for (const value of Object.values(cases)) if (Array.isArray(value)) visit(value);
    }
  };
  visit(compiled);
  return problems;
}

/**
 * The source with comments blanked (strings and template literals kept, `${}` inside them scanned as code),
 * so that `t('x')` in a comment is not a use, and `//` inside a URL string is not a comment. With
 * `blankStrings`, the strings' and template literals' text is blanked too (not their quotes nor the code
 * of a `${}`): where calls are looked for, a `t(` inside a string is none. Offsets are unchanged: what is
 * blanked keeps its length (newlines included).
 */
export function withoutComments(source: string, blankStrings = false): string {
  let out = '';
  let i = 0;
  // Each open template literal's depth of braces inside its current `${`.
  const templates: number[] = [];
  let braces = 0;
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  while (i < source.length) {
    const char = source[i] as string;
    const next = source[i + 1];
    if (char === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      out += blank(source.slice(i, stop));
      i = stop;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += blank(source.slice(i, stop));
      i = stop;
    } else if (char === "'" || char === '"') {
      let j = i + 1;
      while (j < source.length && source[j] !== char && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
      out += blankStrings
        ? `${char}${blank(source.slice(i + 1, j))}${source.slice(j, j + 1)}`
        : source.slice(i, j + 1);
      i = j + 1;
    } else if (char === '`' || (char === '}' && templates.length > 0 && braces === templates.at(-1))) {
      // The start of a template literal, or the end of one of its `${...}`: read its text up to the next
      // `${` (then code again) or its closing backtick.
      if (char === '}') templates.pop();
      let j = i + 1;
      while (j < source.length && source[j] !== '`' && !(source[j] === '$' && source[j + 1] === '{')) {
        j += source[j] === '\\' ? 2 : 1;
      }
      const end = source[j] === '$' ? j + 2 : j + 1;
      out += blankStrings
        ? `${char}${blank(source.slice(i + 1, j))}${source.slice(j, end)}`
        : source.slice(i, end);
      if (source[j] === '$') templates.push(braces);
      i = end;
    } else {
      if (char === '{') braces += 1;
      if (char === '}') braces -= 1;
      out += char;
      i += 1;
    }
  }
  return out;
}

interface Use {
  namespace: string;
  key: string;
  where: string;
}

export interface Scan {
  uses: Use[];
  /** `file:line` of every `t(` whose first argument is not a string literal. */
  dynamic: string[];
}

const STRING = String.raw`'([^'\\\n]*)'|"([^"\\\n]*)"|\x60([^\x60$\\]*)\x60`;
/** A namespace declaration: useTranslation('ns'), useTranslation(['ns', ...]), TFunction<'ns'>. */
const NAMESPACE_DECLARATION_AT = new RegExp(
  String.raw`^(?:useTranslation\(\s*\[?\s*(?:${STRING})?|TFunction<\s*(?:${STRING})?)`,
);
/** `const { t: tOther } = useTranslation('other')`: a second t under another name. */
const ALIAS = /\{\s*t\s*:\s*([A-Za-z_$][\w$]*)\s*[,}]/g;
/** The first argument, when it is a literal alone (`t('a' + b)` is not). */
const LITERAL_AT = new RegExp(String.raw`^\s*(?:${STRING})\s*[,)]`);
const I18N_KEY = new RegExp(String.raw`^i18nKey=\{?\s*(?:${STRING})\s*\}?`);

function lineOf(source: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i += 1) if (source.charCodeAt(i) === 10) line += 1;
  return line;
}

function literal(match: RegExpExecArray | null, from = 1): string | undefined {
  if (!match) return undefined;
  return match[from] ?? match[from + 1] ?? match[from + 2];
}

/** The keys one source file uses, and its calls with a key that is not a literal. */
export function scanSource(path: string, text: string, defaultNamespace = 'common'): Scan {
  const source = withoutComments(text);
  // Where calls and declarations are looked for: the code alone, every string's text blanked.
  const code = withoutComments(text, true);
  const declarations: { at: number; namespace: string }[] = [];
  for (const match of code.matchAll(/useTranslation\(|TFunction</g)) {
    const declaration = NAMESPACE_DECLARATION_AT.exec(source.slice(match.index, match.index + 200));
    const namespace = literal(declaration, 1) ?? literal(declaration, 4);
    declarations.push({ at: match.index, namespace: namespace ?? defaultNamespace });
  }
  const namespaceAt = (offset: number): string => {
    let found: string | undefined;
    for (const declaration of declarations) if (declaration.at < offset) found = declaration.namespace;
    return found ?? declarations[0]?.namespace ?? defaultNamespace;
  };
  const uses: Use[] = [];
  const dynamic: string[] = [];
  const where = (offset: number) => `${path}:${lineOf(source, offset)}`;
  const add = (raw: string, namespace: string, offset: number) => {
    const colon = raw.indexOf(':');
    uses.push(
      colon > 0
        ? { namespace: raw.slice(0, colon), key: raw.slice(colon + 1), where: where(offset) }
        : { namespace, key: raw, where: where(offset) },
    );
  };

  // Every name a t function goes by in this file: t, each alias with the namespace of its useTranslation, and
  // the plain modules' translate and englishText (their keys name the namespace, else the default one).
  const names = new Map<string, (offset: number) => string>([
    ['t', namespaceAt],
    ['translate', () => defaultNamespace],
    ['englishText', () => defaultNamespace],
  ]);
  for (const match of code.matchAll(ALIAS)) {
    const rest = source.slice(match.index, match.index + 200);
    const namespace = literal(/useTranslation\(\s*\[?\s*(?:'([^']*)'|"([^"]*)"|`([^`$]*)`)/.exec(rest));
    names.set(match[1] as string, () => namespace ?? defaultNamespace);
  }
  const callee = new RegExp(String.raw`(?<![\w$])(${[...names.keys()].join('|')})\(`, 'g');
  for (const match of code.matchAll(callee)) {
    // A declaration or a method of something else (`function t(`, `.t(` of another object) is not a call of t.
    const before = code.slice(Math.max(0, match.index - 10), match.index);
    if (/function\s+$/.test(before)) continue;
    if (/\.\s*$/.test(before)) continue;
    const start = match.index + match[0].length;
    const key = literal(LITERAL_AT.exec(source.slice(start, start + 300)));
    if (key === undefined) {
      // `t()` with nothing, as in a type's `t(): string`, is no call with a key either.
      if (/^\s*\)/.test(source.slice(start, start + 20))) continue;
      dynamic.push(where(match.index));
      continue;
    }
    const namespace = names.get(match[1] as string)?.(match.index) ?? defaultNamespace;
    add(key, namespace, match.index);
  }
  for (const found of code.matchAll(/\bi18nKey=/g)) {
    const match = I18N_KEY.exec(source.slice(found.index, found.index + 300));
    const key = literal(match);
    if (key === undefined) dynamic.push(where(found.index));
    else add(key, namespaceAt(found.index), found.index);
  }
  return { uses, dynamic };
}

/** Every problem found; none means the catalogues are whole. */
export function checkCatalogues({ sources, catalogues, defaultNamespace = 'common' }: CheckInput): string[] {
  const problems: string[] = [];
  const english = catalogues.en ?? {};
  const languages = Object.keys(catalogues).sort();

  for (const language of languages) {
    const own = catalogues[language] ?? {};
    for (const [namespace, catalogue] of Object.entries(own)) {
      for (const [key, value] of Object.entries(catalogue)) {
        const where = `${language}/${namespace}.json: "${key}"`;
        if (typeof value !== 'string') problems.push(`${where} is not a string`);
        else problems.push(...messageProblems(where, value));
      }
    }
    if (language === 'en') continue;
    for (const namespace of new Set([...Object.keys(english), ...Object.keys(own)])) {
      const reference = english[namespace] ?? {};
      const translated = own[namespace] ?? {};
      for (const key of Object.keys(reference)) {
        if (!Object.hasOwn(translated, key))
          problems.push(`${language}/${namespace}.json lacks "${key}", which en has`);
      }
      for (const key of Object.keys(translated)) {
        if (!Object.hasOwn(reference, key))
          problems.push(`${language}/${namespace}.json has "${key}", which en lacks`);
      }
    }
  }

  // The uses: each must be in every language; each English key must be used.
  const used = new Set<string>();
  for (const [path, text] of Object.entries(sources)) {
    const { uses, dynamic } = scanSource(path, text, defaultNamespace);
    for (const place of dynamic)
      problems.push(`${place}: t( is called with a key that is not a string literal`);
    for (const use of uses) {
      used.add(`${use.namespace}:${use.key}`);
      for (const language of languages) {
        const catalogue = catalogues[language]?.[use.namespace];
        if (catalogue === undefined || !Object.hasOwn(catalogue, use.key))
          problems.push(`${use.where}: "${use.namespace}:${use.key}" is missing from ${language}`);
      }
    }
  }
  for (const [namespace, catalogue] of Object.entries(english)) {
    for (const key of Object.keys(catalogue)) {
      if (!used.has(`${namespace}:${key}`)) problems.push(`en/${namespace}.json: "${key}" is used nowhere`);
    }
  }
  return problems;
}
