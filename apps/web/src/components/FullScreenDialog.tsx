import CloseIcon from '@mui/icons-material/Close';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from '../i18n';

/**
 * A full-screen dialog (a message, the Need Help and suggestion forms): a bar with Close and the
 * title (its accessible name), then the content. MUI keeps focus inside while it is open, Escape closes
 * it, and focus goes back to what opened it.
 */
export function FullScreenDialog({
  open,
  onClose,
  title,
  children,
  onExited,
  closeLabel,
  describedBy,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** After the closing animation (the content can be dropped then). */
  onExited?: () => void;
  /** The close button's accessible name; Close in the holder's language by default. */
  closeLabel?: string;
  describedBy?: string;
}) {
  const { t } = useTranslation('components');
  const titleId = useId();
  return (
    <Dialog
      fullScreen
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      slotProps={onExited ? { transition: { onExited } } : {}}
    >
      <AppBar position="sticky" elevation={0} enableColorOnDark>
        <Toolbar sx={{ gap: 1, alignItems: 'center', py: 0.5 }}>
          <IconButton edge="start" color="inherit" onClick={onClose} aria-label={closeLabel ?? t('close')}>
            <CloseIcon />
          </IconButton>
          <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1, minWidth: 0, lineHeight: 1.3 }}>
            {title}
          </Typography>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: 2, pb: 4, width: '100%', maxWidth: 720, mx: 'auto' }}>{children}</Box>
    </Dialog>
  );
}
