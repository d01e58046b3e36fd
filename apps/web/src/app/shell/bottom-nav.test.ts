import { describe, expect, it } from 'vitest';
import { makeData, makeDeal, makeOffer, makePartner, makeSignedOut } from '../../test/fixtures';
import { activeTabRoute, bottomNavTabs, showsBottomNav } from './bottom-nav';

const labels = (tabs: ReturnType<typeof bottomNavTabs>) => tabs.map((tab) => tab.label);

describe('bottom navigation tabs (spec 2.3)', () => {
  it('shows all five tabs for a pass holder with a gamified deal that has orders', () => {
    expect(labels(bottomNavTabs(makeData(), 0, 0))).toEqual([
      'Experiences',
      'Explore',
      'Rewards',
      'My Bag',
      'More',
    ]);
  });

  it('shows Experiences only when a partner user exists', () => {
    expect(labels(bottomNavTabs(makeSignedOut(), 0, 0))).toEqual(['Explore', 'My Bag', 'More']);
  });

  it('labels Experiences Check-In with its own icon for partner 942', () => {
    const tabs = bottomNavTabs(makeData({ partner: makePartner({ id: 942 }) }), 0, 0);
    expect(tabs[0]).toMatchObject({ route: 'Experiences', label: 'Check-In', icon: 'check-in' });
    expect(bottomNavTabs(makeData(), 0, 0)[0]).toMatchObject({ label: 'Experiences', icon: 'experiences' });
  });

  describe('Rewards', () => {
    it('hides without gamified deals that have orders on a non-points offer', () => {
      const noOrders = makeData({ deals: [makeDeal({ order_deals: [] })] });
      expect(labels(bottomNavTabs(noOrders, 0, 0))).not.toContain('Rewards');
      const notGamified = makeData({ deals: [makeDeal({ use_points: false })] });
      expect(labels(bottomNavTabs(notGamified, 0, 0))).not.toContain('Rewards');
    });

    it('shows when the offer uses points, even without deals', () => {
      const points = makeData({ offer: makeOffer({ use_points: true }), deals: [] });
      expect(labels(bottomNavTabs(points, 0, 0))).toContain('Rewards');
      // A points offer's deals are not gamified, but the offer itself qualifies.
      const pointsWithDeal = makeData({
        offer: makeOffer({ use_points: true }),
        deals: [makeDeal({ order_deals: [] })],
      });
      expect(labels(bottomNavTabs(pointsWithDeal, 0, 0))).toContain('Rewards');
    });
  });

  it('badges My Bag with the cart count and More with unread messages', () => {
    const tabs = bottomNavTabs(makeData(), 1, 2);
    expect(tabs.find((t) => t.route === 'ReviewOrder')).toMatchObject({
      badge: 1,
      accessibleName: 'My Bag, 1 item',
    });
    expect(tabs.find((t) => t.route === 'More')).toMatchObject({
      badge: 2,
      accessibleName: 'More, 2 unread messages',
    });
  });

  it('hides the badges at zero', () => {
    const tabs = bottomNavTabs(makeData(), 0, 0);
    expect(tabs.find((t) => t.route === 'ReviewOrder')).toMatchObject({ badge: 0, accessibleName: 'My Bag' });
    expect(tabs.find((t) => t.route === 'More')).toMatchObject({ badge: 0, accessibleName: 'More' });
    expect(bottomNavTabs(makeData(), 0, 1).at(-1)?.accessibleName).toBe('More, 1 unread message');
  });

  it('marks the tab of the route or its parent grouping', () => {
    const tabs = bottomNavTabs(makeData(), 0, 0);
    expect(activeTabRoute(tabs, 'Experiences')).toBe('Experiences');
    expect(activeTabRoute(tabs, 'DealVenueProduct')).toBe('Experiences');
    expect(activeTabRoute(tabs, 'Messages')).toBe('More');
    expect(activeTabRoute(tabs, 'ClaimReward')).toBe('Rewards');
    expect(activeTabRoute(tabs, 'ReviewOrder')).toBe('ReviewOrder');
    expect(activeTabRoute(tabs, 'Cart')).toBe('ReviewOrder');
    expect(activeTabRoute(tabs, 'Subscriptions')).toBeNull();
  });

  it('is shown after the data loads and not on Login or the sign-up page', () => {
    expect(showsBottomNav({ dataLoaded: false, route: 'Experiences' })).toBe(false);
    expect(showsBottomNav({ dataLoaded: true, route: 'Experiences' })).toBe(true);
    expect(showsBottomNav({ dataLoaded: true, route: 'Login' })).toBe(false);
    expect(showsBottomNav({ dataLoaded: true, route: 'Signup' })).toBe(false);
  });
});
