import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { useNotify } from 'react-admin';
import { confirmTwoFactor, startTwoFactor, type TwoFactorSetup, turnOffTwoFactor } from '../../api/twoFactor';
import { failureMessage, useConsoleCall } from '../common/useConsoleCall';
import { totpCodeOf, totpSetupKey } from './otpauth';

/**
 * Two-factor sign-in (TOTP) for the signed-in staff member. Turning it on takes three steps: the password,
 * then the authenticator app's setup (the otpauth:// link or its key, and backup codes shown this once),
 * then a first code, which is what turns it on (until then, sign-in asks for the password only).
 * `onChanged` reads the session again, whose `twoFactorEnabled` decides which form shows.
 */
export function TwoFactorCard(props: { enabled: boolean; email: string; onChanged: () => Promise<void> }) {
  const headingId = useId();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ maxWidth: 720 }}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" gutterBottom>
          Two-factor sign-in
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }} role="status">
          {props.enabled
            ? `On: signing in as ${props.email} asks for a code from your authenticator app.`
            : `Off: signing in as ${props.email} asks for your password only.`}
        </Typography>
        {props.enabled ? (
          <TurnOff onChanged={props.onChanged} />
        ) : setup ? (
          <Confirm
            setup={setup}
            onCancel={() => setSetup(null)}
            onDone={async () => {
              setSetup(null);
              await props.onChanged();
            }}
          />
        ) : (
          <Start onStarted={setSetup} />
        )}
      </CardContent>
    </Card>
  );
}

/** A password field and a button, the shape of both "turn on" and "turn off". */
function PasswordForm(props: {
  intro: string;
  submitLabel: string;
  busyLabel: string;
  danger?: boolean;
  onSubmit: (password: string) => Promise<string | null>;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError('Enter your password.');
      return;
    }
    setBusy(true);
    setError(null);
    const failure = await props.onSubmit(password);
    setBusy(false);
    if (failure) setError(failure);
    else setPassword('');
  }
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        <Typography variant="body2">{props.intro}</Typography>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <TextField
          label="Password"
          type="password"
          required
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={Boolean(error)}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            color={props.danger ? 'error' : 'primary'}
            disabled={busy}
          >
            {busy ? props.busyLabel : props.submitLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function Start({ onStarted }: { onStarted: (setup: TwoFactorSetup) => void }) {
  const call = useConsoleCall({ recheckSession: true });
  return (
    <PasswordForm
      intro="Add a code from an authenticator app (such as 1Password, Google Authenticator or Aegis) to every sign-in. Confirm your password to begin."
      submitLabel="Turn on two-factor sign-in"
      busyLabel="Checking…"
      onSubmit={async (password) => {
        const outcome = await call(() => startTwoFactor(password), 'Two-factor sign-in could not be set up.');
        if (outcome.ok) onStarted(outcome.value);
        return failureMessage(outcome);
      }}
    />
  );
}

function TurnOff({ onChanged }: { onChanged: () => Promise<void> }) {
  const call = useConsoleCall({ recheckSession: true });
  const notify = useNotify();
  return (
    <PasswordForm
      intro="Without it, your password alone signs you in. Confirm your password to turn it off."
      submitLabel="Turn off two-factor sign-in"
      busyLabel="Turning off…"
      danger
      onSubmit={async (password) => {
        const outcome = await call(
          () => turnOffTwoFactor(password),
          'Two-factor sign-in could not be turned off.',
        );
        if (outcome.ok) {
          await onChanged();
          notify('Two-factor sign-in is off.', { type: 'info' });
        }
        return failureMessage(outcome);
      }}
    />
  );
}

function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const notify = useNotify();
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<ContentCopyIcon />}
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => notify(done, { type: 'info' }),
          () =>
            notify('The browser did not allow copying: select the text and copy it.', { type: 'warning' }),
        )
      }
    >
      {label}
    </Button>
  );
}

/** The app's setup and the backup codes, shown once, then the first code, which turns it on. */
function Confirm(props: { setup: TwoFactorSetup; onCancel: () => void; onDone: () => Promise<void> }) {
  const call = useConsoleCall({ recheckSession: true });
  const notify = useNotify();
  const codesId = useId();
  const key = totpSetupKey(props.setup.totpURI);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const digits = totpCodeOf(code);
    if (!digits) {
      setError('Enter the 6-digit code your authenticator app shows.');
      return;
    }
    setBusy(true);
    setError(null);
    const outcome = await call(() => confirmTwoFactor(digits), 'The code could not be checked. Try again.');
    if (outcome.ok) {
      // onDone reads the session again (the verification may have renewed it, and its CSRF token).
      await props.onDone();
      notify('Two-factor sign-in is on.', { type: 'success' });
      return;
    }
    setBusy(false);
    setError(failureMessage(outcome));
  }

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          1. Add the console to your authenticator app
        </Typography>
        <Typography variant="body2" gutterBottom>
          Open this setup link on a device with the app, or type the key into it by hand.
        </Typography>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="Setup link"
            value={props.setup.totpURI}
            multiline
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
            onFocus={(event) => event.target.select()}
          />
          {key && (
            <Typography variant="body2">
              Key for {key.account}
              {key.issuer ? ` (${key.issuer})` : ''}:{' '}
              <Box component="code" sx={{ fontSize: '1rem', letterSpacing: '0.05em' }}>
                {key.groupedSecret}
              </Box>
            </Typography>
          )}
          <Box>
            <CopyButton text={props.setup.totpURI} label="Copy setup link" done="Setup link copied." />
          </Box>
        </Stack>
      </Box>
      <Box>
        <Typography id={codesId} variant="subtitle1" component="h3" gutterBottom>
          2. Keep your backup codes
        </Typography>
        <Typography variant="body2" gutterBottom>
          Each code signs you in once if you lose the app. They are shown only now: save or print them.
        </Typography>
        <Box
          component="ul"
          aria-labelledby={codesId}
          sx={{ fontFamily: 'monospace', fontSize: '1rem', columns: 2, maxWidth: 360, pl: 3 }}
        >
          {props.setup.backupCodes.map((backup) => (
            <li key={backup}>{backup}</li>
          ))}
        </Box>
        <CopyButton
          text={props.setup.backupCodes.join('\n')}
          label="Copy backup codes"
          done="Backup codes copied."
        />
      </Box>
      <Box component="form" onSubmit={submit} noValidate>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          3. Enter the code the app shows
        </Typography>
        <Stack spacing={2} sx={{ maxWidth: 420 }}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextField
            label="Authentication code"
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={Boolean(error)}
            helperText="Six digits; a new one every 30 seconds."
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? 'Checking…' : 'Verify and turn on'}
            </Button>
            <Button onClick={props.onCancel} disabled={busy}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Stack>
  );
}
