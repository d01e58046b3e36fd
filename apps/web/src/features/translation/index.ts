/** Public surface of the translation feature (spec 3, Offer bablic_snippet). */
export { useTranslationSnippet } from './translation-snippet';
