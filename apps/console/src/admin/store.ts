import { localStorageStore } from 'react-admin';

/**
 * react-admin's store, kept in localStorage: it remembers the open offer across reloads (and each list's
 * sort, page and filters). The version is bumped when a stored shape changes, which drops the old values.
 */
export const consoleStore = localStorageStore('1', 'TrailpassConsole');

/** The store key of the offer the staff member works on. */
export const OFFER_KEY = 'offerId';
