import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { PassLinkIssued } from '@trailpass/contract/console';
import { useId, useState } from 'react';

/**
 * The new pass link, shown this once (the server keeps only its hash): a read-only field to select from
 * and a copy button.
 */
export function NewLinkDialog({ link, onClose }: { link: PassLinkIssued | null; onClose: () => void }) {
  const titleId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('yes');
    } catch {
      // No clipboard permission (an insecure origin, a denied prompt): the field can still be selected.
      setCopied('failed');
    }
  }

  return (
    <Dialog
      open={link !== null}
      onClose={() => {
        setCopied(null);
        onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>New pass link</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="info">
            This link is shown only now. Copy it before closing; afterwards you can only make another one.
          </Alert>
          <TextField
            label="Pass link"
            value={link?.url ?? ''}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'new-pass-link' } }}
            onFocus={(event) => event.target.select()}
          />
          <div role="status" aria-live="polite">
            {copied === 'yes' && 'Copied to the clipboard.'}
            {copied === 'failed' && 'Could not copy: select the link and copy it yourself.'}
          </div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={copy} variant="contained" autoFocus>
          Copy link
        </Button>
        <Button
          onClick={() => {
            setCopied(null);
            onClose();
          }}
        >
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
