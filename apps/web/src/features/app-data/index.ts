/** Public surface of the initial-data feature; other features import from here only. */
export { dataQueryKey, dataQueryOptions, fetchData, useAppData } from './api/data';
export { canSaveLanguage, startLanguage, switchLanguage } from './api/language';
export * from './selectors';
