import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { requestPasswordReset } from '../api/auth';
import { ApiError } from '../api/errors';
import { PAGES } from '../paths';
import { ShellLink } from '../shell';
import { AuthLayout } from './AuthLayout';
import { Field } from './Field';

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account (better-auth
 * does not say), so the page never tells which addresses are staff.
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setError('Enter the e-mail address you sign in with.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The request failed. Try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Reset your password">
      {sent ? (
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            If {email.trim()} has a console account, we have sent it a link to choose a new password. The link
            works once and for a short time.
          </Alert>
          <ShellLink href={PAGES.signIn}>Back to sign-in</ShellLink>
        </Stack>
      ) : (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-busy={busy}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <Field
            label="E-mail"
            type="email"
            autoComplete="username"
            value={email}
            onChange={setEmail}
            required
            autoFocus
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            Send reset link
          </Button>
          <ShellLink href={PAGES.signIn} variant="body2">
            Back to sign-in
          </ShellLink>
        </Stack>
      )}
    </AuthLayout>
  );
}
