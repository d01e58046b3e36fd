import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';

/**
 * A whole-page message (no pass to show, or it could not load). Plain HTML with the classes of index.html:
 * these pages come before any pass data, so before MUI and the pass's theme (decision 0025).
 */
export function FullPageMessage({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: { label: string; onClick: () => void };
}) {
  return (
    <main className="tp-message">
      <h1>{title}</h1>
      <div className="tp-message-body">{children}</div>
      {action && (
        <button type="button" className="tp-button" onClick={action.onClick}>
          {action.label}
        </button>
      )}
    </main>
  );
}

/** A missing or unknown token (401): the person must use the link they were sent. */
export function InvalidLinkPage() {
  const { t } = useTranslation('shell');
  return (
    <FullPageMessage title={t('invalidLinkTitle')}>
      <p>{t('invalidLinkBody')}</p>
      <p>{t('invalidLinkHelp')}</p>
    </FullPageMessage>
  );
}

export function LoadErrorPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <FullPageMessage title={t('loadErrorTitle')} action={{ label: t('tryAgain'), onClick: onRetry }}>
      <p>{t('loadErrorBody')}</p>
    </FullPageMessage>
  );
}
