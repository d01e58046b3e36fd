import CloseIcon from '@mui/icons-material/Close';
import IosShareIcon from '@mui/icons-material/IosShare';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useEffect, useId, useRef } from 'react';
import { passName, useAppData } from '../../app-data';
import type { BeforeInstallPromptEvent, InstallPlatform } from '../install-prompt';

const TITLES: Record<InstallPlatform, string> = {
  ios: 'Add to Home Screen?',
  android: 'Install App?',
  desktop: 'Install App?',
};

// Pictures of the browser's icons; the sentence around them names them for screen readers.
const iconInText = { verticalAlign: 'text-bottom', mx: 0.25 } as const;

function Instructions({ platform, name }: { platform: InstallPlatform; name: string }) {
  if (platform === 'ios') {
    return (
      <DialogContentText>
        To add {name} to your home screen, tap the share icon{' '}
        <IosShareIcon fontSize="small" aria-hidden sx={iconInText} /> in the browser toolbar, then scroll to
        Add to Home Screen.
      </DialogContentText>
    );
  }
  if (platform === 'android') {
    return (
      <DialogContentText>
        To install {name}, tap the menu icon <MoreVertIcon fontSize="small" aria-hidden sx={iconInText} /> at
        the top of the browser, then tap Install app or Add to Home screen.
      </DialogContentText>
    );
  }
  return <DialogContentText>Install {name} as an app on this device.</DialogContentText>;
}

export interface InstallPromptDialogProps {
  open: boolean;
  platform: InstallPlatform;
  /** The browser's install offer, usable once; null where there is none (iOS). */
  prompt: BeforeInstallPromptEvent | null;
  /** Closed by the user: the dialog is not offered again. */
  onClose: () => void;
  /** The app was installed (the `appinstalled` event). */
  onInstalled: () => void;
}

/** Spec 2.3: how to add the pass to the home screen, or the browser's own install prompt. */
export default function InstallPromptDialog({
  open,
  platform,
  prompt,
  onClose,
  onInstalled,
}: InstallPromptDialogProps) {
  const { data } = useAppData();
  const titleId = useId();
  const textId = useId();
  const installed = useRef(onInstalled);
  installed.current = onInstalled;

  useEffect(() => {
    if (!open) return;
    const onAppInstalled = () => installed.current();
    window.addEventListener('appinstalled', onAppInstalled);
    return () => window.removeEventListener('appinstalled', onAppInstalled);
  }, [open]);

  const install = async () => {
    if (!prompt) return;
    try {
      await prompt.prompt();
      // Accepted: the appinstalled event closes the dialog and reloads the page.
      if ((await prompt.userChoice).outcome === 'dismissed') onClose();
    } catch (error) {
      console.warn('The install prompt failed', error);
      onClose();
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {TITLES[platform]}
      </DialogTitle>
      <IconButton
        aria-label="Close"
        onClick={onClose}
        autoFocus={!prompt}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent id={textId}>
        <Instructions platform={platform} name={data ? passName(data) : 'the pass'} />
        <DialogContentText sx={{ mt: 2 }}>
          Once you install the app, you may close this tab.
        </DialogContentText>
      </DialogContent>
      {prompt && (
        <DialogActions>
          <Button variant="contained" onClick={() => void install()} autoFocus>
            Yes, Please!
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
