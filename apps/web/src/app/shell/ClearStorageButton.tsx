import DeleteSweepIcon from '~icons/ic/baseline-delete-sweep';
import { useTranslation } from '../../i18n';
import { clearSessionState, clearVuexLocalStorage } from '../../lib/session';

export function clearLocalState(reload: () => void = () => window.location.reload()) {
  clearSessionState();
  clearVuexLocalStorage();
  reload();
}

/** Spec 2.3: for internal staff and development builds only. */
export function ClearStorageButton() {
  const { t } = useTranslation('shell');
  return (
    <button
      type="button"
      className="tp-icon-btn"
      aria-label={t('clearLocalStorage')}
      title={t('clearLocalStorage')}
      onClick={() => clearLocalState()}
    >
      <DeleteSweepIcon />
    </button>
  );
}
