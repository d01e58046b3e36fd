import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import IconButton from '@mui/material/IconButton';
import { clearSessionState, clearVuexLocalStorage } from '../../lib/session';

export function clearLocalState(reload: () => void = () => window.location.reload()) {
  clearSessionState();
  clearVuexLocalStorage();
  reload();
}

/** Spec 2.3: for internal staff and development builds only. */
export function ClearStorageButton() {
  return (
    <IconButton
      color="inherit"
      aria-label="Clear local storage"
      title="Clear local storage"
      onClick={() => clearLocalState()}
    >
      <DeleteSweepIcon />
    </IconButton>
  );
}
