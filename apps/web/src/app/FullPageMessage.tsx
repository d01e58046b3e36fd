import type { ReactNode } from 'react';

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
  return (
    <FullPageMessage title="This pass link does not work">
      <p>
        We could not open a pass from this address. Please open your pass from the link you were sent, in your
        e-mail or text message, without changing it.
      </p>
      <p>If the link still does not work, ask the pass provider for a new one.</p>
    </FullPageMessage>
  );
}

export function LoadErrorPage({ onRetry }: { onRetry: () => void }) {
  return (
    <FullPageMessage title="We could not load your pass" action={{ label: 'Try again', onClick: onRetry }}>
      <p>Check your connection and try again.</p>
    </FullPageMessage>
  );
}
