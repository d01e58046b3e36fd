import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ContentApplied, ContentDryRun, ContentVersion } from '@trailpass/contract/console';
import { useId, useState } from 'react';
import { ApiError } from '../../api/errors';
import { retryUnlessRefused } from '../common/queryRetry';
import { useDialogForm } from '../common/useDialogForm';
import { ContentChanges, ContentProblems } from './ContentChanges';
import { changeSummary, countsText, problemLines } from './upload';
import {
  dryRunRestore,
  listContentVersions,
  restoreVersion,
  VERSIONS_PER_PAGE,
  versionDownloadHref,
  versionFileName,
  versionKindText,
  versionsQueryKey,
} from './versions';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * "Versions" (decision 0048): the offer's content as each applied upload or restore left it, newest first,
 * with who applied it and what it changed. A manager downloads a version's zip or restores it: Restore first
 * shows the dry run of putting it back (what would be added, changed and removed), then asks to confirm.
 * Viewers read the list. The outcome is a status region; problems an alert.
 */
export function ContentVersionsDialog(props: {
  offerId: number;
  open: boolean;
  canWrite: boolean;
  onClose: () => void;
  onRestored: (applied: ContentApplied) => void;
}) {
  const titleId = useId();
  const [page, setPage] = useState(1);
  const [restoring, setRestoring] = useState<{ version: ContentVersion; dryRun: ContentDryRun } | null>(null);
  const [done, setDone] = useState<ContentApplied | null>(null);
  const form = useDialogForm<string>();
  const query = useQuery({
    queryKey: versionsQueryKey(props.offerId, page),
    queryFn: ({ signal }) => listContentVersions(props.offerId, page, signal),
    enabled: props.open,
    retry: retryUnlessRefused,
  });

  function close() {
    setRestoring(null);
    setDone(null);
    form.reset();
    props.onClose();
  }

  async function check(version: ContentVersion) {
    setDone(null);
    setRestoring(null);
    const sent = await form.send(
      () => dryRunRestore(props.offerId, version.id),
      'The version could not be checked. Try again.',
    );
    if (sent) setRestoring({ version, dryRun: sent.value });
  }

  async function restore() {
    if (!restoring) return;
    const sent = await form.send(
      () => restoreVersion(props.offerId, restoring.version.id, restoring.dryRun.checksum),
      'The version could not be restored. Try again.',
    );
    setRestoring(null);
    if (!sent) return;
    setDone(sent.value);
    setPage(1);
    props.onRestored(sent.value);
    void query.refetch();
  }

  const problems = problemLines(form.errors as Record<string, string>);
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / VERSIONS_PER_PAGE));
  return (
    <Dialog
      open={props.open}
      onClose={form.busy ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
    >
      <DialogTitle id={titleId}>Versions of the content</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Each applied upload or restore keeps the content as it left it; the first upload also keeps the
          content as it was before. Restoring a version checks it as an upload is checked, shows what it would
          change, and applies it once you confirm. Holders’ points, orders and sessions are never changed.
        </Typography>
        {form.formError && (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {form.formError}
          </Alert>
        )}
        <ContentProblems label="Problems in the version" lines={problems} />
        <Box role="status" aria-live="polite">
          {done && (
            <Alert severity="success" sx={{ mb: 1 }}>
              Restored{done.versionId !== null ? ` as version ${done.versionId}` : ''}: {changeSummary(done)}.
            </Alert>
          )}
          {restoring && (
            <Box sx={{ mb: 2 }}>
              {restoring.dryRun.unchanged ? (
                <Alert severity="info">
                  Version {restoring.version.id} is the content as it is: nothing to restore.
                </Alert>
              ) : (
                <>
                  <Alert severity="warning" sx={{ mb: 1 }}>
                    Restore version {restoring.version.id}? {changeSummary(restoring.dryRun)}, as listed
                    below. The content as it is now is kept as a version too, so you can restore it
                    afterwards.
                  </Alert>
                  <ContentChanges kinds={restoring.dryRun.kinds} />
                </>
              )}
              <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
                {!restoring.dryRun.unchanged && (
                  <Button variant="contained" onClick={() => void restore()} disabled={form.busy}>
                    Yes, restore version {restoring.version.id}
                  </Button>
                )}
                <Button onClick={() => setRestoring(null)} disabled={form.busy}>
                  Cancel
                </Button>
              </Box>
            </Box>
          )}
        </Box>
        {query.isPending ? (
          <Box sx={{ p: 2, display: 'flex', justifyContent: 'center' }}>
            <CircularProgress aria-label="Loading the versions" />
          </Box>
        ) : query.isError ? (
          <Alert severity="error" role="alert">
            {query.error instanceof ApiError ? query.error.message : 'The versions could not be loaded.'}
          </Alert>
        ) : query.data.items.length === 0 ? (
          <Typography variant="body2">No upload has been applied to this offer yet.</Typography>
        ) : (
          <>
            <Table size="small" aria-label="Versions of the content, newest first">
              <TableHead>
                <TableRow>
                  <TableCell>Version</TableCell>
                  <TableCell>Date</TableCell>
                  <TableCell>By</TableCell>
                  <TableCell>Kind</TableCell>
                  <TableCell>Changes</TableCell>
                  {props.canWrite && <TableCell>Actions</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {query.data.items.map((version) => (
                  <TableRow key={version.id}>
                    <TableCell>{version.id}</TableCell>
                    <TableCell>{when.format(new Date(version.createdAt))}</TableCell>
                    <TableCell>{version.createdBy}</TableCell>
                    <TableCell>{versionKindText(version)}</TableCell>
                    <TableCell>{version.kind === 'baseline' ? '—' : countsText(version.counts)}</TableCell>
                    {props.canWrite && (
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Button
                          size="small"
                          component="a"
                          href={versionDownloadHref(props.offerId, version.id)}
                          download={versionFileName(props.offerId, version.id)}
                          aria-label={`Download version ${version.id}`}
                        >
                          Download
                        </Button>
                        <Button
                          size="small"
                          onClick={() => void check(version)}
                          disabled={form.busy}
                          aria-label={`Restore version ${version.id}`}
                        >
                          Restore…
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {pages > 1 && (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}>
                <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Newer
                </Button>
                <Typography variant="body2">
                  Page {page} of {pages}
                </Typography>
                <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  Older
                </Button>
              </Box>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={form.busy}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
