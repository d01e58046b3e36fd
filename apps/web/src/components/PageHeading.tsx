import type { ReactNode } from 'react';

/** The page's h1. */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <h1 className="tp-h5 tp-bold" style={{ marginBottom: 16 }}>
      {children}
    </h1>
  );
}
