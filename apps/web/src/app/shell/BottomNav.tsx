import type { ReactNode } from 'react';
import ConfirmationNumberIcon from '~icons/ic/baseline-confirmation-number';
import EmojiEventsIcon from '~icons/ic/baseline-emoji-events';
import ExploreIcon from '~icons/ic/baseline-explore';
import MoreHorizIcon from '~icons/ic/baseline-more-horiz';
import ShoppingBagIcon from '~icons/ic/baseline-shopping-bag';
import WhereToVoteIcon from '~icons/ic/baseline-where-to-vote';
import { cx } from '../../components/ui';
import { useTranslation } from '../../i18n';
import { AppLink } from '../../lib/navigation';
import type { RouteName } from '../../lib/routes';
import { activeTabRoute, type NavIcon, type NavTab } from './bottom-nav';

/** Its height; the page leaves this much room at the bottom (styles/shell.css uses the same value). */
export const BOTTOM_NAV_HEIGHT = 56;

const icons: Record<NavIcon, ReactNode> = {
  experiences: <ConfirmationNumberIcon />,
  'check-in': <WhereToVoteIcon />,
  explore: <ExploreIcon />,
  rewards: <EmojiEventsIcon />,
  bag: <ShoppingBagIcon />,
  more: <MoreHorizIcon />,
};

/** A count on a tab's icon (99+ above 99); the tab's accessible name says what it counts. */
function Badge({ count, tone }: { count: number; tone: 'error' | 'secondary' }) {
  if (count <= 0) return null;
  return (
    <span className={cx('tp-badge', `tp-badge-${tone}`)} aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** Spec 2.3: the bottom navigation, fixed above the home indicator; the current tab is aria-current. */
export function BottomNav({ tabs, route }: { tabs: readonly NavTab[]; route: RouteName | null }) {
  const { t } = useTranslation('shell');
  const active = activeTabRoute(tabs, route);
  return (
    <nav aria-label={t('mainNavigation')} className="tp-bottomnav">
      {tabs.map((tab) => (
        <AppLink
          key={tab.route}
          to={tab.route}
          aria-label={tab.accessibleName}
          aria-current={tab.route === active ? 'page' : undefined}
          className="tp-bottomnav-action"
        >
          <span className="tp-bottomnav-icon">
            {icons[tab.icon]}
            <Badge count={tab.badge} tone={tab.icon === 'more' ? 'error' : 'secondary'} />
          </span>
          <span className="tp-bottomnav-label">{tab.label}</span>
        </AppLink>
      ))}
    </nav>
  );
}
