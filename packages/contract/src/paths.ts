/**
 * API paths relative to API_BASE, shared so that a renamed route fails the type check on both sides.
 * A `:name` segment is a path parameter.
 */
export const apiPaths = {
  data: '/data',
  login: '/login',
  /** Issue 29: the e-mailed code that completes a sign-in on an offer with login_verification email_code. */
  loginCode: '/login/code',
  /** Issue 29: "Lost your pass link?": e-mails the holder their link; the same answer either way. */
  lostLink: '/login/lost-link',
  logout: '/logout',
  /**
   * Decision 0022: a public link's token (one posted for anyone to open) buys a signed-out session of the
   * visitor's own, so that signing in binds only that visitor. Rate limited per address.
   */
  visitorSession: '/sessions/visitor',
  pageView: '/events/page-view',
  /** Error reports of the app (spec 8, decision 0019): sampled, stored with tokens redacted. */
  errorReport: '/events/error',
  /**
   * The pass's web manifest (spec 7, Manifest; query o and t). Browsers fetch it without custom
   * headers, so it is the one pass route where X-Pass-Api-Version may be left out.
   */
  manifest: '/manifest.webmanifest',
  /** Spec 7, Unread count (query offerId). */
  unreadCount: '/partnerUser/:id/messages/unreadCount',
  /** Spec 7 Assignments: the modules of a page and the records they name (query offerId, dealId). */
  assignment: '/partnerUser/:id/modules/assignment/:type/assignmentId/:assignmentId/location/:location',
  previewAssignment: '/preview/modules/assignment/:type/assignmentId/:assignmentId/location/:location',
  unregisteredAssignment:
    '/unregistered/modules/assignment/:type/assignmentId/:assignmentId/location/:location',
  /** Spec 7 Module assignment: one assignment by its own id. */
  moduleAssignment: '/partnerUser/:id/moduleAssignment/:moduleAssignment',
  previewModuleAssignment: '/preview/moduleAssignment/:moduleAssignment',
  /** Spec 7 Share (query dealId, offerId). */
  share: '/partnerUser/:id/share',
  /** Spec 7 Ad event. */
  adEvent: '/partnerUser/:id/event',
  /** Spec 7 Polls (query dealId). */
  poll: '/partnerUser/:id/poll/:pollId',
  pollResults: '/partnerUser/:id/poll/:pollId/results',
  pollVote: '/partnerUser/:id/poll/:pollId/vote',
  /** Spec 7 Redeem: /checkIn when the product's type is check-in, else /redeem; and the preview forms. */
  redeem: '/partnerUser/:id/redeem',
  checkIn: '/partnerUser/:id/checkIn',
  previewRedeem: '/preview/redeem',
  previewCheckIn: '/preview/checkIn',
  /** Spec 7 Points (query offerId, dealId; history also page, display). */
  pointsCurrent: '/partnerUser/:id/points/current',
  pointsHistory: '/partnerUser/:id/points/history',
  /** Extension (decision 0016): the rewards catalogue of the Rewards page. */
  rewards: '/partnerUser/:id/rewards',
  /** Spec 7 cart calls. */
  cart: '/cart',
  cartOrder: '/cart/:orderId',
  cartItems: '/cart/:orderId/items',
  cartItem: '/cart/:orderId/:itemType/:itemId',
  cartKeepAlive: '/cart/:orderId/keepOrderAlive',
  cartComplete: '/cart/:orderId/complete',
  /** Spec 7 Availability (decision 0017): no /partnerUser prefix, but under /pass/api (not noted otherwise). */
  availableDates: '/availableDates',
  availableTimes: '/availableTimes',
  pickupPoints: '/pickupPoints',
  itemDates: '/partnerUser/:id/itemDates',
  /** Spec 7 Distribution (decision 0017): a completed order's ship-to-someone-else recipient. */
  distribution: '/partnerUser/:id/orders/:orderId/:itemType/:itemId/distribution',
  distributions: '/partnerUser/:id/distributions',
  /** Spec 7 account calls (issue 8). */
  messages: '/partnerUser/:id/messages',
  message: '/partnerUser/:id/messages/:messageId',
  updatePartnerUser: '/partnerUser/:id/update',
  suggestions: '/partnerUser/:id/suggestions',
  needHelp: '/partnerUser/:id/needHelp',
  orders: '/partnerUser/:id/orders',
  order: '/partnerUser/:id/orders/:orderId',
  userMessageLists: '/partnerUser/:id/messageLists',
  userMessageList: '/partnerUser/:id/messageLists/:listId',
  /** Issue 32 (decision 0049): the signed-in holder's saved language; null forgets it. */
  language: '/language',
  /** Liveness and database check; needs no token or version header. */
  health: '/health',
  /** OpenAPI document generated from this contract, and readable docs; no token needed. */
  openapi: '/openapi.json',
  docs: '/docs',
} as const;

/**
 * Spec 7 paths "outside the pass prefix": relative to the site root, not API_BASE. They take the same
 * token and version headers as the pass API.
 */
export const rootApiPaths = {
  /** Spec 7 Product. */
  product: '/products/:productId',
  /** Spec 7 Mailing lists: the partner's lists, without the holder's choices. */
  messageLists: '/messageLists',
} as const;
