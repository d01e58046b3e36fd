import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { resetPassword } from '../api/auth';
import { ApiError } from '../api/errors';
import { PAGES } from '../paths';
import { ShellLink } from '../shell';
import { AuthLayout } from './AuthLayout';
import { Field } from './Field';

/** The server's own rule is checked again on submit; this only spares a round trip for an obvious miss. */
const MIN_PASSWORD_LENGTH = 8;

const LINK_ENDED =
  'This reset link is not valid any more: it was used already or it has expired. Ask for a new one.';

/** The page the e-mailed link opens: `?token=...`, or `?error=INVALID_TOKEN` when better-auth refused it. */
export function ResetPasswordPage() {
  const [params] = useState(() => new URLSearchParams(window.location.search));
  const token = params.get('token');
  const linkError = params.get('error');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    if (password.length < MIN_PASSWORD_LENGTH) {
      setError(`Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`);
      return;
    }
    if (password !== confirmation) {
      setError('The two passwords are not the same.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (caught) {
      // better-auth's INVALID_TOKEN: the link was used already or has expired; its own words say less.
      if (caught instanceof ApiError && caught.code === 'INVALID_TOKEN') setError(LINK_ENDED);
      else
        setError(
          caught instanceof ApiError ? caught.message : 'The password could not be changed. Try again.',
        );
    } finally {
      setBusy(false);
    }
  }

  if (!token || linkError) {
    return (
      <AuthLayout title="Reset your password">
        <Stack spacing={2}>
          <Alert severity="error" role="alert">
            {LINK_ENDED}
          </Alert>
          <ShellLink href={PAGES.forgotPassword}>Ask for a new link</ShellLink>
        </Stack>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Choose a new password">
      {done ? (
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            Your password has been changed. Sign in with the new one.
          </Alert>
          <ShellLink href={PAGES.signIn}>Sign in</ShellLink>
        </Stack>
      ) : (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-busy={busy}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            helperText={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            required
            autoFocus
          />
          <Field
            label="New password again"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={setConfirmation}
            required
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            Change password
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}
