import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { Ref } from 'react';
import { Logout, UserMenu, useUserMenu } from 'react-admin';
import { Link } from 'react-router';

export const ACCOUNT_PATH = '/account';

/** The menu keeps focus on its items: the item takes the ref MUI's menu gives it, and closes the menu. */
function MyAccountItem({ ref }: { ref?: Ref<HTMLAnchorElement> }) {
  const userMenu = useUserMenu();
  return (
    <MenuItem ref={ref} component={Link} to={ACCOUNT_PATH} onClick={userMenu?.onClose}>
      <ListItemIcon>
        <AccountCircleIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>My account</ListItemText>
    </MenuItem>
  );
}

/** The app bar's user menu: My account (two-factor sign-in) and react-admin's sign-out. */
export function ConsoleUserMenu() {
  return (
    <UserMenu>
      <MyAccountItem />
      <Logout />
    </UserMenu>
  );
}
