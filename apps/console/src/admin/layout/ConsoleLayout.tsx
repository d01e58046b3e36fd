import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, TitlePortal } from 'react-admin';
import { ConsoleMenu } from './ConsoleMenu';
import { ConsoleUserMenu } from './ConsoleUserMenu';
import { OfferPicker } from './OfferPicker';

function ConsoleAppBar() {
  return (
    // react-admin's own toolbar is its loading indicator (one locale, no dark theme), whose spinner has no
    // name: axe calls a nameless progress bar serious, and a screen reader would say nothing of it.
    <AppBar toolbar={<LoadingIndicator aria-label="Loading" />} userMenu={<ConsoleUserMenu />}>
      {/* The page's title is its one h1. */}
      <TitlePortal component="h1" sx={{ fontSize: '1.25rem' }} />
      <OfferPicker />
    </AppBar>
  );
}

export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={ConsoleAppBar} menu={ConsoleMenu}>
      {children}
    </Layout>
  );
}
