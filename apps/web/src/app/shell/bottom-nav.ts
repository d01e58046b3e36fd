import type { DataResponse } from '@trailpass/contract';
import { isCheckInPartner, isLoggedIn, showsRewards } from '../../features/app-data';
import { translate } from '../../i18n';
import { type RouteName, routeParents } from '../../lib/routes';

export type NavIcon = 'experiences' | 'check-in' | 'explore' | 'rewards' | 'bag' | 'more';

export interface NavTab {
  route: RouteName;
  label: string;
  icon: NavIcon;
  /** Count shown on the badge; 0 hides it. */
  badge: number;
  /** Label plus the badge meaning, e.g. "More, 2 unread messages". */
  accessibleName: string;
}

/**
 * Spec 2.3: which tabs show, their labels and badges (the cart count and the unread message count), in the
 * holder's language (the shell renders again when it changes).
 */
export function bottomNavTabs(data: DataResponse, cartCount: number, unreadCount: number): NavTab[] {
  const tabs: NavTab[] = [];
  if (isLoggedIn(data)) {
    const checkIn = isCheckInPartner(data);
    const label = checkIn ? translate('shell:navCheckIn') : translate('shell:navExperiences');
    tabs.push({
      route: 'Experiences',
      label,
      icon: checkIn ? 'check-in' : 'experiences',
      badge: 0,
      accessibleName: label,
    });
  }
  const explore = translate('shell:navExplore');
  tabs.push({ route: 'Explore', label: explore, icon: 'explore', badge: 0, accessibleName: explore });
  if (showsRewards(data)) {
    const rewards = translate('shell:navRewards');
    tabs.push({ route: 'Rewards', label: rewards, icon: 'rewards', badge: 0, accessibleName: rewards });
  }
  const bag = Math.max(0, cartCount);
  const myBag = translate('shell:navMyBag');
  tabs.push({
    route: 'ReviewOrder',
    label: myBag,
    icon: 'bag',
    badge: bag,
    accessibleName: bag > 0 ? translate('shell:navMyBagItems', { count: bag }) : myBag,
  });
  const unread = Math.max(0, unreadCount);
  const more = translate('shell:navMore');
  tabs.push({
    route: 'More',
    label: more,
    icon: 'more',
    badge: unread,
    accessibleName: unread > 0 ? translate('shell:navMoreUnread', { count: unread }) : more,
  });
  return tabs;
}

/** The tab for a route: its own, or its parent grouping's (spec 2.1); My Bag covers the Cart group. */
export function activeTabRoute(tabs: readonly NavTab[], route: RouteName | null): RouteName | null {
  if (route === null) return null;
  const candidates: RouteName[] = [route];
  const parent = routeParents[route];
  if (parent) candidates.push(parent);
  if (candidates.includes('Cart')) candidates.push('ReviewOrder');
  return tabs.find((tab) => candidates.includes(tab.route))?.route ?? null;
}

/** Spec 2.3: shown after the initial data loads, not on Login (nor on the unregistered sign-up page). */
export function showsBottomNav(args: { dataLoaded: boolean; route: RouteName | null }): boolean {
  return args.dataLoaded && args.route !== 'Login' && args.route !== 'Signup';
}
