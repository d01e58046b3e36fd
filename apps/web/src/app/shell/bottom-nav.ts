import type { DataResponse } from '@trailpass/contract';
import { isCheckInPartner, isLoggedIn, showsRewards } from '../../features/app-data';
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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Spec 2.3: which tabs show, their labels and badges (the cart count and the unread message count). */
export function bottomNavTabs(data: DataResponse, cartCount: number, unreadCount: number): NavTab[] {
  const tabs: NavTab[] = [];
  if (isLoggedIn(data)) {
    const checkIn = isCheckInPartner(data);
    const label = checkIn ? 'Check-In' : 'Experiences';
    tabs.push({
      route: 'Experiences',
      label,
      icon: checkIn ? 'check-in' : 'experiences',
      badge: 0,
      accessibleName: label,
    });
  }
  tabs.push({ route: 'Explore', label: 'Explore', icon: 'explore', badge: 0, accessibleName: 'Explore' });
  if (showsRewards(data)) {
    tabs.push({ route: 'Rewards', label: 'Rewards', icon: 'rewards', badge: 0, accessibleName: 'Rewards' });
  }
  const bag = Math.max(0, cartCount);
  tabs.push({
    route: 'ReviewOrder',
    label: 'My Bag',
    icon: 'bag',
    badge: bag,
    accessibleName: bag > 0 ? `My Bag, ${plural(bag, 'item', 'items')}` : 'My Bag',
  });
  const unread = Math.max(0, unreadCount);
  tabs.push({
    route: 'More',
    label: 'More',
    icon: 'more',
    badge: unread,
    accessibleName: unread > 0 ? `More, ${plural(unread, 'unread message', 'unread messages')}` : 'More',
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
