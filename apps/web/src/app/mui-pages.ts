import type { RouteName } from '@trailpass/contract';

/**
 * Pages still drawn with MUI at their top level: the shell wraps them in MuiIsland, which loads MUI's core
 * and the pass's theme with the page (decision 0027). Every other page is drawn with the plain components
 * (components/ui) and loads MUI only for a part that needs it (a dialog), through its own MuiIsland.
 */
export const MUI_PAGES: ReadonlySet<RouteName> = new Set<RouteName>([
  'Messages',
  'Subscriptions',
  'ReviewOrder',
  'OrderDetails',
  'Cart',
  'ClaimReward',
  'RewardsHistory',
  'ShippingInfo',
  'RewardsClaimed',
  'CommonQuestions',
  'More',
]);
