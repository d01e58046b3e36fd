import type { ReactNode } from 'react';

/** A module's title: the page has the h1, so modules start at h2 (their cards at h3). */
export function ModuleHeading({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <h2 id={id} className="tp-h6 tp-bold tp-mod-heading">
      {children}
    </h2>
  );
}
