import type { ReactNode } from 'react';
import { englishText, useTranslation } from '../../i18n';
import { Alert } from './Alert';
import { buttonClass } from './button-class';
import { Spinner } from './Spinner';

/** Said politely while a retry is under way (the English text, for tests; the alert says it in the holder's language). */
export const RETRYING_MESSAGE = englishText('components:tryingAgain');

/**
 * Something that could not load, with Try again: one component for every page's "We could not load ...
 * Check your connection and try again." Announced at once (role="alert", whatever its severity). While
 * `retrying` (the query fetching again), the button stays focusable but is marked aria-disabled and ignores
 * presses, shows a spinner, and a polite status beside the alert says Trying again…, so the holder knows
 * the press was taken; the status empties when the fetch ends.
 */
export function RetryAlert({
  children,
  onRetry,
  retrying = false,
  severity = 'error',
  className,
}: {
  /** The page's message, e.g. "We could not load your orders. Check your connection and try again." */
  children: ReactNode;
  onRetry: () => void;
  retrying?: boolean;
  /** A failure the page can do without (subscriptions: an empty list) is a warning. */
  severity?: 'error' | 'warning';
  className?: string;
}) {
  const { t } = useTranslation('components');
  return (
    <div className={className}>
      <Alert
        severity={severity}
        role="alert"
        action={
          // A plain button in Button's look: Button.tsx would make this a chunk of its own (button-class.ts).
          <button
            type="button"
            className={buttonClass({ color: 'inherit', size: 'small' }, 'tp-retry-alert-button')}
            aria-disabled={retrying || undefined}
            onClick={() => {
              if (!retrying) onRetry();
            }}
          >
            {retrying && (
              <span aria-hidden="true" className="tp-retry-alert-spinner">
                <Spinner size={16} label={t('tryingAgain')} />
              </span>
            )}
            {t('tryAgain')}
          </button>
        }
      >
        {children}
      </Alert>
      <span role="status" className="tp-sr-only">
        {retrying ? t('tryingAgain') : ''}
      </span>
    </div>
  );
}
