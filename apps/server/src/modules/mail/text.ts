import { DEFAULT_PASS_LANGUAGE, type PassLanguage } from '@trailpass/contract';
import { createElement, Fragment, type ReactNode } from 'react';
import { LOCALES, type Translate, translator } from '../language/i18n';

/**
 * E-mail texts in the holder's language (decision 0049): the templates take the `t` of the language, and a
 * sentence with a value in it is one catalogue entry whose values are put in as React nodes (`withValues`),
 * so a translation may place them anywhere and React still escapes them. The values stay nodes of their
 * own, as they were in the English templates, so an English e-mail is the same HTML as before.
 */

const MARK = '\u0000';

/** Placeholder values for `t` that `withValues` finds again: `t('mail.key', marks('offer'))`. */
export function marks<const K extends string>(...names: K[]): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, `${MARK}${name}${MARK}`])) as Record<K, string>;
}

/** A translated text made with `marks`, its placeholders replaced by `values` (each a node of its own). */
export function withValues(text: string, values: Record<string, ReactNode>): ReactNode {
  const parts = text
    .split(MARK)
    .map((part, index) => (index % 2 === 1 ? values[part] : part))
    .filter((part) => part !== '');
  return createElement(Fragment, null, ...parts);
}

/** The `t` of the e-mails in `language`. */
export function mailT(language: PassLanguage = DEFAULT_PASS_LANGUAGE): Translate {
  return translator(language);
}

/** The locale numbers and dates of an e-mail are written in. */
export function mailLocale(language: PassLanguage = DEFAULT_PASS_LANGUAGE): string {
  return LOCALES[language];
}
