import type {
  contentPaths as ContractContentPaths,
  fulfilmentPaths as ContractFulfilmentPaths,
  holderImportPaths as ContractHolderImportPaths,
  inboxPaths as ContractInboxPaths,
  messagePaths as ContractMessagePaths,
  reportPaths as ContractReportPaths,
} from '@trailpass/contract/console';

/**
 * The contract's paths of the console's second slice, restated: they live in modules that build zod
 * schemas at load, and importing them as values would bundle zod, whose start-up probe (`new Function`)
 * the console's Content-Security-Policy refuses. `satisfies` holds each one to the contract's exact text.
 */
export const fulfilmentPaths = {
  queue: '/console/api/offers/:offerId/fulfilment',
  ship: '/console/api/offers/:offerId/fulfilment/:itemId/ship',
  pickedUp: '/console/api/offers/:offerId/fulfilment/:itemId/picked-up',
  cancel: '/console/api/offers/:offerId/fulfilment/:itemId/cancel',
} as const satisfies typeof ContractFulfilmentPaths;

export const messagePaths = {
  messages: '/console/api/offers/:offerId/messages',
  message: '/console/api/offers/:offerId/messages/:messageId',
} as const satisfies typeof ContractMessagePaths;

export const inboxPaths = {
  items: '/console/api/offers/:offerId/inbox/items',
  item: '/console/api/offers/:offerId/inbox/items/:kind/:itemId',
  errors: '/console/api/offers/:offerId/inbox/errors',
  errorGroup: '/console/api/offers/:offerId/inbox/errors/:fingerprint',
  providerErrors: '/console/api/inbox/errors',
  providerErrorGroup: '/console/api/inbox/errors/:fingerprint',
} as const satisfies typeof ContractInboxPaths;

export const holderImportPaths = {
  preview: '/console/api/offers/:offerId/holders/import/preview',
  apply: '/console/api/offers/:offerId/holders/import',
} as const satisfies typeof ContractHolderImportPaths;

/** Issue 31 item 3: an offer's content and its quick edits (contract: console/content.ts). */
export const contentPaths = {
  catalogue: '/console/api/offers/:offerId/content',
  reward: '/console/api/offers/:offerId/content/rewards/:rewardId',
  deal: '/console/api/offers/:offerId/content/deals/:dealId',
  venueCode: '/console/api/offers/:offerId/content/venues/:venueId/code',
  previewLinks: '/console/api/offers/:offerId/content/preview-links',
} as const satisfies typeof ContractContentPaths;

/** Issue 31 item 4: an offer's reports, as JSON and as a CSV download (contract: console/reports.ts). */
export const reportPaths = {
  report: '/console/api/offers/:offerId/reports/:report',
  csv: '/console/api/offers/:offerId/reports/:report/csv',
} as const satisfies typeof ContractReportPaths;
