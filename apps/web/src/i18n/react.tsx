// The React side of the interface strings (decision 0052): a hook and a Trans over Lingui's, which take the
// call sites' keys and namespaces as they were with i18next. Components import these from src/i18n, never
// from @lingui/react.
import { I18nProvider, LinguiContext, Trans as LinguiTrans } from '@lingui/react';
import { type ReactElement, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
import { needsHolding, translateHolding } from './held-values';
import { DEFAULT_NAMESPACE, messageId } from './namespaces';
import { i18n, interfaceLanguage, onInterfaceChange, type Values } from './runtime';

/**
 * A namespace's `t`: `t('title')` is `<namespace>:title`, `t('common:cancel')` names its own. The type
 * parameter says the namespace, for the reader and for the catalogue check (catalogue-check.ts) in a
 * function that takes a `t` as a parameter.
 */
export type TFunction<Namespace extends string = string> = ((key: string, values?: Values) => string) & {
  readonly namespace: Namespace;
};

function boundTo<Namespace extends string>(namespace: Namespace): TFunction<Namespace> {
  const t = (key: string, values?: Values) => translateHolding(i18n, messageId(namespace, key), values);
  return Object.assign(t, { namespace });
}

/**
 * A namespace's `t` and the active language, rendering again when the language changes (a new `t` then, so
 * that memoised children follow). It reads the Lingui instance itself rather than through useLingui, which
 * needs an I18nProvider above: the app has one at its root, but the tests render components without it.
 */
export function useTranslation<Namespace extends string = typeof DEFAULT_NAMESPACE>(
  namespace: Namespace = DEFAULT_NAMESPACE as Namespace,
): { t: TFunction<Namespace>; language: string } {
  const language = useSyncExternalStore(onInterfaceChange, interfaceLanguage, interfaceLanguage);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new t for each language, on purpose.
  const t = useMemo(() => boundTo(namespace), [namespace, language]);
  return { t, language };
}

export interface TransProps {
  /** The key, in the namespace of `t` (else `common`), or `ns:key`. */
  i18nKey: string;
  /** The `t` of the calling component: it says the namespace. */
  t?: TFunction;
  values?: Values;
  /** The elements the message's tags stand for: `<strong>…</strong>` → `components.strong`, `<0>` → [0]. */
  components?: Record<string, ReactElement> | ReactElement[];
}

/**
 * Trans' values, each one Lingui would decode (held-values.ts) given as an element of its text instead. That
 * element is the marker here: Lingui's Trans writes an element value into its text as a `<N/>` tag and puts
 * the element there after decoding, when it turns the text into elements, so the value shows as given. A
 * string marker could not be put back: the text is elements by then.
 */
function holdForTrans(values: Values | undefined): Values | undefined {
  if (!values) return values;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      // biome-ignore lint/complexity/noUselessFragments: the fragment makes the text an element, on purpose.
      needsHolding(value) ? <>{value}</> : value,
    ]),
  );
}

/** A message with markup: Lingui's Trans, by key. */
export function Trans({ i18nKey, t, values, components }: TransProps): ReactNode {
  const context = useContext(LinguiContext);
  const trans = (
    <LinguiTrans
      id={messageId(t?.namespace ?? DEFAULT_NAMESPACE, i18nKey)}
      values={holdForTrans(values)}
      components={components as Record<string, ReactElement> | undefined}
    />
  );
  // Lingui's Trans reads the instance from its provider; a component rendered alone (in a test) has none.
  return context ? trans : <I18nProvider i18n={i18n}>{trans}</I18nProvider>;
}

/** The app's root: Lingui's provider over the one instance. */
export function TranslationProvider({ children }: { children: ReactNode }): ReactNode {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
