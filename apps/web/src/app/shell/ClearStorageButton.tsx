import DeleteSweepIcon from '~icons/ic/baseline-delete-sweep';
import { clearSessionState, clearVuexLocalStorage } from '../../lib/session';

export function clearLocalState(reload: () => void = () => window.location.reload()) {
  clearSessionState();
  clearVuexLocalStorage();
  reload();
}

/** Spec 2.3: for internal staff and development builds only. */
export function ClearStorageButton() {
  return (
    <button
      type="button"
      className="tp-icon-btn"
      aria-label="Clear local storage"
      title="Clear local storage"
      onClick={() => clearLocalState()}
    >
      <DeleteSweepIcon />
    </button>
  );
}
