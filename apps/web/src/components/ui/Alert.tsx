import type { ReactNode } from 'react';
import CheckCircleOutlineIcon from '~icons/ic/outline-check-circle';
import ErrorOutlineIcon from '~icons/ic/outline-error-outline';
import InfoOutlinedIcon from '~icons/ic/outline-info';
import ReportProblemOutlinedIcon from '~icons/ic/outline-report-problem';
import { cx } from './classes';

export type AlertSeverity = 'info' | 'success' | 'warning' | 'error';

const ICONS = {
  info: InfoOutlinedIcon,
  success: CheckCircleOutlineIcon,
  warning: ReportProblemOutlinedIcon,
  error: ErrorOutlineIcon,
} as const;

/**
 * A message in MUI's standard Alert colours (plain CSS). Errors are announced at once (role="alert");
 * the others politely (role="status"), as they usually replace a loading state, unless `role` says otherwise.
 */
export function Alert({
  severity = 'info',
  role = severity === 'error' ? 'alert' : 'status',
  action,
  className,
  children,
}: {
  severity?: AlertSeverity;
  role?: 'alert' | 'status';
  /** A button at the end (Try again: RetryAlert). */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const Icon = ICONS[severity];
  return (
    <div role={role} className={cx('tp-alert', `tp-alert-${severity}`, className)}>
      <Icon />
      <div className="tp-alert-message">{children}</div>
      {action && <div className="tp-alert-action">{action}</div>}
    </div>
  );
}
