import {
  ad_events,
  assignments,
  attributes,
  availability,
  availability_dates,
  ballots,
  categories,
  check_ins,
  console_accounts,
  console_audit,
  console_memberships,
  console_messages,
  console_rate_limits,
  console_sessions,
  console_sign_in_failures,
  console_two_factors,
  console_users,
  console_verifications,
  content_versions,
  deals,
  error_group_states,
  error_reports,
  faqs,
  help_requests,
  holder_snapshots,
  idempotency_keys,
  item_dates,
  login_codes,
  mail_outbox,
  media,
  message_lists,
  messages,
  modules,
  offers,
  order_deals,
  order_items,
  order_packages,
  order_products,
  orders,
  packages,
  page_view_days,
  page_views,
  partner_users,
  partners,
  pass_links,
  passes,
  perks,
  pickup_points,
  pin_attempts,
  points_days,
  points_ledger,
  poll_options,
  polls,
  products,
  provider_settings,
  reward_items,
  reward_stock_takes,
  sessions,
  subscriptions,
  suggestions,
  tickets,
  venues,
} from './schema.js';

/**
 * Every table, in an order where each one comes after the tables it references: insert in this order,
 * delete in the reverse order. (A test checks that no table of schema.ts is missing.)
 */
export const TABLES = {
  provider_settings,
  partners,
  categories,
  venues,
  offers,
  faqs,
  deals,
  products,
  packages,
  reward_items,
  attributes,
  perks,
  media,
  partner_users,
  passes,
  pass_links,
  sessions,
  modules,
  assignments,
  messages,
  message_lists,
  subscriptions,
  orders,
  order_items,
  reward_stock_takes,
  order_deals,
  order_packages,
  order_products,
  tickets,
  points_ledger,
  availability,
  pickup_points,
  availability_dates,
  item_dates,
  polls,
  poll_options,
  ballots,
  page_views,
  ad_events,
  check_ins,
  pin_attempts,
  login_codes,
  suggestions,
  help_requests,
  error_reports,
  idempotency_keys,
} as const;

/**
 * Tables the database derives from the others: its triggers write them (decisions 0030 and 0045). Not in TABLES, so
 * the importer neither fills nor clears them and the row counts leave them out.
 */
export const DERIVED_TABLES = { holder_snapshots, page_view_days, points_days } as const;

/**
 * Tables the running server keeps for itself, which no pass file describes: the mail outbox (decision
 * 0034). Not in TABLES, so an import neither fills nor clears them (a replacing import does not drop e-mail
 * already promised: each row holds its own recipient) and the row counts leave them out.
 */
export const SERVER_TABLES = {
  mail_outbox,
  // The partner console's staff, their sessions and the audit log (issue 30, decision 0037): the server's
  // own as well, so an import neither fills nor clears them.
  console_users,
  console_sessions,
  console_accounts,
  console_verifications,
  console_two_factors,
  console_rate_limits,
  console_memberships,
  console_sign_in_failures,
  console_audit,
  console_messages,
  // Inbox error groups marked handled (decision 0042).
  error_group_states,
  // Each applied content upload's version of the offer's content (decision 0048).
  content_versions,
} as const;

export type Tables = typeof TABLES;
export type TableName = keyof Tables;
export const TABLE_NAMES = Object.keys(TABLES) as TableName[];
/** Tables keyed by something other than a generated `id`. */
export const TABLES_WITHOUT_ID: ReadonlySet<TableName> = new Set([
  'provider_settings',
  'pin_attempts',
  'login_codes',
  'idempotency_keys',
  'reward_stock_takes',
]);
export type InsertRow<K extends TableName> = Tables[K]['$inferInsert'];
export type SelectRow<K extends TableName> = Tables[K]['$inferSelect'];
