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
import { Trans, useTranslation } from '../../../i18n';
import { passName, useAppData } from '../../app-data';
import type { BeforeInstallPromptEvent, InstallPlatform } from '../install-prompt';

// Pictures of the browser's icons; the sentence around them names them for screen readers.
const iconInText = { verticalAlign: 'text-bottom', mx: 0.25 } as const;

function Instructions({ platform, name }: { platform: InstallPlatform; name: string }) {
  const { t } = useTranslation('install');
  if (platform === 'ios') {
    return (
      <DialogContentText>
        <Trans
          t={t}
          i18nKey="iosInstructions"
          values={{ name }}
          components={{ icon: <IosShareIcon fontSize="small" aria-hidden sx={iconInText} /> }}
        />
      </DialogContentText>
    );
  }
  if (platform === 'android') {
    return (
      <DialogContentText>
        <Trans
          t={t}
          i18nKey="androidInstructions"
          values={{ name }}
          components={{ icon: <MoreVertIcon fontSize="small" aria-hidden sx={iconInText} /> }}
        />
      </DialogContentText>
    );
  }
  return <DialogContentText>{t('desktopInstructions', { name })}</DialogContentText>;
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
  const { t } = useTranslation('install');
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
        {platform === 'ios' ? t('addToHomeScreenTitle') : t('installAppTitle')}
      </DialogTitle>
      <IconButton
        aria-label={t('close')}
        onClick={onClose}
        autoFocus={!prompt}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent id={textId}>
        <Instructions platform={platform} name={data ? passName(data) : t('thePass')} />
        <DialogContentText sx={{ mt: 2 }}>{t('closeTab')}</DialogContentText>
      </DialogContent>
      {prompt && (
        <DialogActions>
          <Button variant="contained" onClick={() => void install()} autoFocus>
            {t('yesPlease')}
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
