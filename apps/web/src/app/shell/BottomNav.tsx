import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import ExploreIcon from '@mui/icons-material/Explore';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBag';
import WhereToVoteIcon from '@mui/icons-material/WhereToVote';
import Badge from '@mui/material/Badge';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { AppLink } from '../../lib/navigation';
import type { RouteName } from '../../lib/routes';
import { activeTabRoute, type NavIcon, type NavTab } from './bottom-nav';

export const BOTTOM_NAV_HEIGHT = 56;

const icons: Record<NavIcon, ReactNode> = {
  experiences: <ConfirmationNumberIcon />,
  'check-in': <WhereToVoteIcon />,
  explore: <ExploreIcon />,
  rewards: <EmojiEventsIcon />,
  bag: <ShoppingBagIcon />,
  more: <MoreHorizIcon />,
};

export function BottomNav({ tabs, route }: { tabs: readonly NavTab[]; route: RouteName | null }) {
  const active = activeTabRoute(tabs, route);
  return (
    <Paper
      component="nav"
      aria-label="Main"
      elevation={8}
      square
      sx={{
        position: 'fixed',
        bottom: 0,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation showLabels value={active ?? false} sx={{ height: BOTTOM_NAV_HEIGHT }}>
        {tabs.map((tab) => (
          <BottomNavigationAction
            key={tab.route}
            component={AppLink}
            to={tab.route}
            value={tab.route}
            label={tab.label}
            aria-label={tab.accessibleName}
            aria-current={tab.route === active ? 'page' : undefined}
            icon={
              <Badge
                badgeContent={tab.badge}
                color={tab.icon === 'more' ? 'error' : 'secondary'}
                invisible={tab.badge <= 0}
                max={99}
                aria-hidden="true"
              >
                {icons[tab.icon]}
              </Badge>
            }
            sx={{
              minWidth: 0,
              px: 0.25,
              // Five tabs share a 375-390 px phone: 11 px labels keep "Experiences" whole even in wide
              // fonts, and the size stays the same when selected so nothing jumps or clips.
              '& .MuiBottomNavigationAction-label, & .MuiBottomNavigationAction-label.Mui-selected': {
                fontSize: '0.6875rem',
                whiteSpace: 'nowrap',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                maxWidth: '100%',
              },
            }}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
