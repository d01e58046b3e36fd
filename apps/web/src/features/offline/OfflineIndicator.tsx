import { useTranslation } from '../../i18n';
import { useOnline } from './use-online';

/** MUI's CloudOff icon path, drawn here so the bar needs no MUI (it is part of the first chunk). */
const CLOUD_OFF_PATH =
  'M19.35 10.04C18.67 6.59 15.64 4 12 4c-1.48 0-2.85.43-4.01 1.17l1.46 1.46C10.21 6.23 11.08 6 12 6c3.04 0 5.5 2.46 5.5 5.5v.5H19c1.66 0 3 1.34 3 3 0 1.13-.64 2.11-1.56 2.62l1.45 1.45C23.16 18.16 24 16.68 24 15c0-2.64-2.05-4.78-4.65-4.96M3 5.27l2.75 2.74C2.56 8.15 0 10.77 0 14c0 3.31 2.69 6 6 6h11.73l2 2L21 20.73 4.27 4zM7.73 10l8 8H6c-2.21 0-4-1.79-4-4s1.79-4 4-4z';

/**
 * A bar above the page while the browser is offline: the pass then shows what was kept from the last
 * online visit (decision 0021). It sits in the flow above the header, so it covers neither the page nor
 * the bottom navigation, and nothing measured from the header (sticky showcases) moves. The status region
 * is always there, empty while online, so that going offline is announced (politely) when the text appears.
 */
export function OfflineIndicator() {
  const { t } = useTranslation('offline');
  const online = useOnline();
  return (
    <div role="status">
      {!online && (
        <div className="tp-offline">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={CLOUD_OFF_PATH} />
          </svg>
          <span>{t('youAreOffline')}</span>
        </div>
      )}
    </div>
  );
}
