import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ContentApplied, ContentDryRun } from '@trailpass/contract/console';
import { type ChangeEvent, useId, useState } from 'react';
import { FormDialog } from '../common/FormDialog';
import { useDialogForm } from '../common/useDialogForm';
import { ContentChanges, ContentProblems } from './ContentChanges';
import { applyContentUpload, changeSummary, dryRunContentUpload, problemLines, uploadTypeOf } from './upload';

/**
 * "Upload content": a pass-import/1 file (the zip the export makes, or pass.json alone) checked against the
 * open offer and compared with its content (decision 0047), then applied (decision 0048). The dialog lists
 * the file's problems with their JSON paths, or what the upload would add, change and remove; after a clean
 * check, Apply asks to confirm with what will change, then sends the same file with the check's checksum.
 * The problems come as an alert; the comparison and the outcome are a status region.
 */
export function UploadContentDialog(props: {
  offerId: number;
  open: boolean;
  onClose: () => void;
  /** After an apply: the content (and the versions) are read again. */
  onApplied?: (applied: ContentApplied) => void;
}) {
  const form = useDialogForm<string>();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ContentDryRun | null>(null);
  /** The staff member asked to apply the checked file: the dialog asks to confirm. */
  const [confirming, setConfirming] = useState(false);
  const [applied, setApplied] = useState<ContentApplied | null>(null);
  const inputId = useId();
  const hintId = useId();

  function close() {
    setFile(null);
    setResult(null);
    setConfirming(false);
    setApplied(null);
    form.reset();
    props.onClose();
  }

  async function submit() {
    const type = file ? uploadTypeOf(file.name) : null;
    if (result && !result.unchanged && !applied && file && type) {
      if (!confirming) {
        setConfirming(true);
        return;
      }
      const sent = await form.send(
        () => applyContentUpload(props.offerId, file, type, result.checksum),
        'The file could not be applied. Try again.',
      );
      setConfirming(false);
      if (!sent) {
        // The content moved since the check (409), or the file no longer passes (422): check again.
        setResult(null);
        return;
      }
      setApplied(sent.value);
      props.onApplied?.(sent.value);
      return;
    }
    await check(type);
  }

  async function check(type: ReturnType<typeof uploadTypeOf>) {
    setResult(null);
    setApplied(null);
    setConfirming(false);
    if (!file || !type) {
      form.check({ file: file ? 'Choose a .zip or .json file.' : 'Choose the file to check.' });
      return;
    }
    if (!form.check({})) return;
    const sent = await form.send(
      () => dryRunContentUpload(props.offerId, file, type),
      'The file could not be checked. Try again.',
    );
    if (sent) setResult(sent.value);
  }

  const problems = problemLines(form.errors as Record<string, string>).filter(
    (line) => !line.startsWith('file:'),
  );
  const canApply = Boolean(result && !result.unchanged && !applied);
  return (
    <FormDialog
      open={props.open}
      title="Upload content"
      submitLabel={confirming ? 'Yes, apply the changes' : canApply ? 'Apply…' : 'Check the file'}
      submitDisabled={Boolean(applied)}
      dismissLabel={confirming ? 'Cancel' : 'Close'}
      busy={form.busy}
      formError={form.formError}
      onSubmit={submit}
      onClose={confirming && !form.busy ? () => setConfirming(false) : close}
    >
      <Typography variant="body2" id={hintId}>
        A pass-import/1 file of this offer: the zip that Export content makes (pass.json and its media
        folder), or pass.json alone. It is checked and compared with the content as it is; nothing changes
        until you apply it.
      </Typography>
      <Box>
        {/* The browser's own file input: a keyboard and a screen reader use it as they use any other. */}
        <Typography
          component="label"
          htmlFor={inputId}
          variant="subtitle2"
          sx={{ display: 'block', mb: 0.5 }}
        >
          File to check (.zip or .json)
        </Typography>
        <input
          id={inputId}
          type="file"
          accept=".zip,.json,application/zip,application/json"
          aria-describedby={hintId}
          aria-invalid={form.errors.file ? true : undefined}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            setFile(event.target.files?.[0] ?? null);
            setResult(null);
            setConfirming(false);
            setApplied(null);
            form.reset();
          }}
        />
        {form.errors.file && (
          <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
            {form.errors.file}
          </Typography>
        )}
      </Box>
      <ContentProblems label="Problems in the file" lines={problems} />
      <Box role="status" aria-live="polite">
        {applied && (
          <Alert severity="success" sx={{ mb: 1 }}>
            Applied{applied.versionId !== null ? ` as version ${applied.versionId}` : ''}:{' '}
            {changeSummary(applied)}. Holders see the new content the next time their pass loads. You can
            restore the previous version from Versions.
          </Alert>
        )}
        {confirming && result && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            Apply this file to the offer’s content? {changeSummary(result)}, as listed below. Holders’ points,
            orders, redemptions and sessions stay as they are. You can restore the previous version from
            Versions.
          </Alert>
        )}
        {result &&
          !applied &&
          (result.unchanged ? (
            <Alert severity="success">
              The file matches this offer’s content: an upload would change nothing.
            </Alert>
          ) : (
            <Box>
              <Alert severity="info" sx={{ mb: 1 }}>
                The file is valid. An upload would make these changes (nothing has been changed yet):
              </Alert>
              <ContentChanges kinds={result.kinds} />
              {result.media.added.length + result.media.replaced.length > 0 && (
                <Typography variant="body2">
                  Images: {result.media.added.length} new, {result.media.replaced.length} replaced.
                </Typography>
              )}
            </Box>
          ))}
        {result && result.warnings.length > 0 && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {result.warnings.map((w) => `${w.path}: ${w.message}`).join(' · ')}
          </Alert>
        )}
      </Box>
    </FormDialog>
  );
}
