import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { HolderImportError, HolderImportPreview, HolderImportResult } from '@trailpass/contract/console';
import { type ChangeEvent, useRef, useState } from 'react';
import { ListButton, Title, TopToolbar } from 'react-admin';
import { applyHolderImport, previewHolderImport } from '../../../api/holderImport';
import { useConsoleCall } from '../../common/useConsoleCall';
import { useOfferScope } from '../../useOfferScope';
import { errorsFromRefusal, IMPORT_COLUMNS, REQUIRED_COLUMNS, tooLarge } from './importErrors';

const number = new Intl.NumberFormat();
const plural = (n: number, one: string, many: string) => `${number.format(n)} ${n === 1 ? one : many}`;

interface Chosen {
  name: string;
  text: string;
}

type Stage =
  | { step: 'choose' }
  | { step: 'checking' }
  | { step: 'preview'; preview: HolderImportPreview }
  | { step: 'adding'; preview: HolderImportPreview }
  | { step: 'refused'; errors: HolderImportError[]; message: string }
  | { step: 'done'; result: HolderImportResult };

function ErrorTable({ errors }: { errors: HolderImportError[] }) {
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 420 }}>
      <Table size="small" stickyHeader aria-label="Problems in the file">
        <TableHead>
          <TableRow>
            <TableCell>Row</TableCell>
            <TableCell>Column</TableCell>
            <TableCell>Problem</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errors.map((error) => (
            <TableRow key={`${error.row}-${error.field}-${error.message}`}>
              <TableCell>{error.row}</TableCell>
              <TableCell>{error.field}</TableCell>
              <TableCell>{error.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * Holders added to the open offer from a CSV file, all or none: the server checks the file (preview:
 * every row's problems, how many it would add), the staff member fixes the file and chooses it again until
 * it is clean, then adds them; the server checks it all again as it adds them.
 */
export function HolderImport() {
  const fileInput = useRef<HTMLInputElement>(null);
  const { choice, canWrite } = useOfferScope();
  const call = useConsoleCall();
  const [file, setFile] = useState<Chosen | null>(null);
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    // The same file chosen again after fixing it must fire a change too.
    event.target.value = '';
    if (!picked || !choice) return;
    setProblem(null);
    const text = await picked.text();
    const large = tooLarge(text);
    if (large) {
      setFile(null);
      setStage({ step: 'choose' });
      setProblem(large);
      return;
    }
    const chosen = { name: picked.name, text };
    setFile(chosen);
    setStage({ step: 'checking' });
    const outcome = await call(
      () => previewHolderImport(choice.offerId, { csv: chosen.text, fileName: chosen.name }),
      'The file could not be checked. Try again.',
    );
    if (outcome.ok) setStage({ step: 'preview', preview: outcome.value });
    else if (!outcome.signedOut) {
      setStage({ step: 'choose' });
      setProblem(outcome.error.message);
    }
  }

  async function add(preview: HolderImportPreview) {
    if (!file || !choice) return;
    setStage({ step: 'adding', preview });
    const outcome = await call(
      () => applyHolderImport(choice.offerId, { csv: file.text, fileName: file.name }),
      'The holders could not be added. Try again.',
    );
    if (outcome.ok) setStage({ step: 'done', result: outcome.value });
    else if (!outcome.signedOut) {
      const errors = errorsFromRefusal(outcome.error.body.errors);
      if (errors.length > 0) setStage({ step: 'refused', errors, message: outcome.error.message });
      else {
        setStage({ step: 'preview', preview });
        setProblem(outcome.error.message);
      }
    }
  }

  const busy = stage.step === 'checking' || stage.step === 'adding';
  const preview = stage.step === 'preview' || stage.step === 'adding' ? stage.preview : null;
  return (
    <Box>
      <Title title={choice ? `Import holders into ${choice.offerName}` : 'Import holders'} />
      <TopToolbar>
        <ListButton label="All holders" />
      </TopToolbar>
      <Card>
        <CardContent>
          {!canWrite ? (
            <Alert severity="info">Your role may read holders but not import them.</Alert>
          ) : (
            <Stack spacing={2}>
              <Typography>
                A CSV file with a header row. Columns: <code>{IMPORT_COLUMNS.join(', ')}</code> (
                {REQUIRED_COLUMNS.join(', ')} required; phone in international format like +19205550123;
                contact_permission yes/no). Every row is added, or none.
              </Typography>
              <Box>
                {/* A real button that opens the hidden file input: a label styled as a button has a role
                    that axe does not allow on a label. */}
                <Button
                  variant="outlined"
                  startIcon={<UploadFileIcon />}
                  disabled={busy}
                  onClick={() => fileInput.current?.click()}
                >
                  {file ? 'Choose another CSV file' : 'Choose a CSV file'}
                </Button>
                <input
                  ref={fileInput}
                  type="file"
                  accept=".csv,text/csv"
                  onChange={choose}
                  hidden
                  aria-label="CSV file of holders"
                />
                {file && (
                  <Typography component="span" sx={{ ml: 2 }}>
                    {file.name}
                  </Typography>
                )}
              </Box>
              <Box aria-live="polite">
                {stage.step === 'checking' && (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <CircularProgress size={20} aria-hidden />
                    <span>Checking the file…</span>
                  </Stack>
                )}
                {problem && (
                  <Alert severity="error" role="alert">
                    {problem}
                  </Alert>
                )}
                {preview && (
                  <Stack spacing={2}>
                    {preview.errors.length > 0 ? (
                      <Alert severity="error">
                        {plural(preview.errors.length, 'problem', 'problems')} in{' '}
                        {plural(preview.rows, 'row', 'rows')}: fix the file and choose it again. No holder is
                        added while any row has a problem.
                      </Alert>
                    ) : (
                      <Alert severity="success">
                        {plural(preview.rows, 'row', 'rows')} checked:{' '}
                        {plural(preview.toAdd, 'holder', 'holders')} will be added
                        {preview.existingPartnerUsers > 0 &&
                          ` (${number.format(preview.existingPartnerUsers)} already known to the partner keep their details)`}
                        .
                      </Alert>
                    )}
                    {preview.ignoredColumns.length > 0 && (
                      <Alert severity="info">Columns not read: {preview.ignoredColumns.join(', ')}.</Alert>
                    )}
                    {preview.errors.length > 0 && <ErrorTable errors={preview.errors} />}
                    <Box>
                      <Button
                        variant="contained"
                        disabled={busy || preview.errors.length > 0 || preview.toAdd === 0}
                        onClick={() => add(preview)}
                      >
                        {`Add ${plural(preview.toAdd, 'holder', 'holders')}`}
                      </Button>
                    </Box>
                  </Stack>
                )}
                {stage.step === 'refused' && (
                  <Stack spacing={2}>
                    <Alert severity="error" role="alert">
                      {stage.message} No holder was added: fix the file and choose it again.
                    </Alert>
                    <ErrorTable errors={stage.errors} />
                  </Stack>
                )}
                {stage.step === 'done' && (
                  <Alert severity="success" role="status">
                    Added {plural(stage.result.added, 'holder', 'holders')} to {choice?.offerName}.
                  </Alert>
                )}
              </Box>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
