import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { PreviewLinkIssued } from '@trailpass/contract/console';
import { useEffect, useRef, useState } from 'react';
import { issuePreviewLink } from '../../api/content';
import { FormDialog } from '../common/FormDialog';
import { useDialogForm } from '../common/useDialogForm';
import { type PreviewTarget, previewName, previewRequest } from './catalogue';

/**
 * "Preview link" on a product or venue: the dialog opens as the server makes the link (a product inside
 * its deal), then shows it to copy or open in a new tab. The holder app opens it in preview mode, its
 * navigation locked to that page; the link is shown only here (the server keeps its hash).
 */
export function PreviewLinkDialog(props: {
  offerId: number;
  target: PreviewTarget | null;
  onClose: () => void;
}) {
  const { target, offerId } = props;
  const form = useDialogForm<'id' | 'dealId'>();
  const { send } = form;
  const [issued, setIssued] = useState<PreviewLinkIssued | null>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  // The target a link was asked for: one request per opening (StrictMode runs effects twice).
  const asked = useRef<PreviewTarget | null>(null);

  async function make(forTarget: PreviewTarget) {
    const sent = await send(
      () => issuePreviewLink(offerId, previewRequest(forTarget)),
      'The preview link could not be made. Try again.',
    );
    if (sent && asked.current === forTarget) setIssued(sent.value);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: one request when the dialog opens on a target
  useEffect(() => {
    if (!target || asked.current === target) return;
    asked.current = target;
    void make(target);
  }, [target]);

  function close() {
    asked.current = null;
    setIssued(null);
    setCopied(null);
    form.reset();
    props.onClose();
  }

  async function submit() {
    if (!target) return;
    if (!issued) {
      await make(target);
      return;
    }
    try {
      await navigator.clipboard.writeText(issued.url);
      setCopied('yes');
    } catch {
      // No clipboard permission (an insecure origin, a denied prompt): the field can still be selected.
      setCopied('failed');
    }
  }

  return (
    <FormDialog
      open={target !== null}
      title={target ? `Preview link for ${previewName(target)}` : 'Preview link'}
      submitLabel={issued || form.busy ? 'Copy link' : 'Try again'}
      dismissLabel="Done"
      busy={form.busy}
      submitDisabled={!issued && !form.formError}
      formError={form.formError}
      onSubmit={submit}
      onClose={close}
    >
      {form.busy && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} aria-hidden />
          <span>Making the preview link…</span>
        </Stack>
      )}
      {issued && (
        <>
          <Alert severity="info">
            The pass opens on this page in preview mode: nothing done there is saved, and it cannot leave the
            page. Copy the link now; it is shown only this once.
          </Alert>
          <TextField
            label="Preview link"
            value={issued.url}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'preview-link' } }}
            onFocus={(event) => event.target.select()}
            helperText={`Opens ${issued.path}`}
          />
          <Box>
            <Button
              component="a"
              href={issued.url}
              target="_blank"
              rel="noopener noreferrer"
              variant="outlined"
              endIcon={<OpenInNewIcon aria-hidden />}
            >
              Open preview (new tab)
            </Button>
          </Box>
          <div role="status" aria-live="polite">
            {copied === 'yes' && 'Copied to the clipboard.'}
            {copied === 'failed' && 'Could not copy: select the link and copy it yourself.'}
          </div>
        </>
      )}
    </FormDialog>
  );
}
