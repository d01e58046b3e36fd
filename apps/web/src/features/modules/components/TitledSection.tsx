import { type ReactNode, useId } from 'react';
import { ModuleHeading } from './ModuleHeading';

/**
 * A module's content under its label as the h2 (the page holds the h1), with room for controls beside
 * the heading. The box, its padding and the section named by the label are ModuleBlock's; this only
 * lays out the inside. Children may take the heading's id to name their list by it.
 */
export function TitledSection({
  title,
  actions,
  children,
}: {
  title: string | null;
  /** Controls beside the heading (the map switch). */
  actions?: ReactNode;
  children: ReactNode | ((headingId: string | undefined) => ReactNode);
}) {
  const headingId = useId();
  const labelledBy = title ? headingId : undefined;
  return (
    <div>
      {(title || actions) && (
        <div className="tp-mod-titled">
          {title && <ModuleHeading id={headingId}>{title}</ModuleHeading>}
          {actions && <div className="tp-mod-titled-actions">{actions}</div>}
        </div>
      )}
      {typeof children === 'function' ? children(labelledBy) : children}
    </div>
  );
}
