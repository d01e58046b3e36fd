import type { ReactNode } from 'react';
import { AppBar, Layout, TitlePortal } from 'react-admin';
import { OfferPicker } from './OfferPicker';

function ConsoleAppBar() {
  return (
    <AppBar>
      {/* The page's title is its one h1. */}
      <TitlePortal component="h1" sx={{ fontSize: '1.25rem' }} />
      <OfferPicker />
    </AppBar>
  );
}

export function ConsoleLayout({ children }: { children: ReactNode }) {
  return <Layout appBar={ConsoleAppBar}>{children}</Layout>;
}
