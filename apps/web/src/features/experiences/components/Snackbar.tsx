import { useEffect } from 'react';

/**
 * A short message at the bottom of the screen that goes by itself (MUI's Snackbar look, plain CSS: decision
 * 0027), so a page drawn without MUI need not load it to say one line. The alert region is always in the
 * page, so the message is announced when it appears; Escape closes it early, as MUI's does.
 */
export function Snackbar({
  message,
  autoHideMs,
  onClose,
}: {
  message: string | null;
  autoHideMs: number;
  onClose: () => void;
}) {
  useEffect(() => {
    if (message === null) return;
    const timer = window.setTimeout(onClose, autoHideMs);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [message, autoHideMs, onClose]);

  return (
    <div role="alert" className="tp-snackbar-anchor">
      {message !== null && <div className="tp-snackbar tp-body2">{message}</div>}
    </div>
  );
}
