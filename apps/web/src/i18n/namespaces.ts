import type { Messages } from '@lingui/core';

/**
 * A catalogue as its module gives it (src/build/lingui-catalogues.ts): one namespace's messages in one
 * language, compiled for Lingui, under the ids `<namespace>:<key>`.
 */
export type Catalogue = Messages;

/** The namespace of a key that names none (`t('cancel')` outside any useTranslation('ns')). */
export const DEFAULT_NAMESPACE = 'common';

/** `('cart', 'title')` → `cart:title`; a key that names its namespace (`common:cancel`) keeps it. */
export function messageId(namespace: string, key: string): string {
  return key.includes(':') ? key : `${namespace}:${key}`;
}

/** import.meta.glob's modules of one language's catalogues as one set of messages (ids are unique). */
export function mergeCatalogues(files: Record<string, Catalogue>): Catalogue {
  return Object.assign({}, ...Object.values(files));
}
