import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/errors';
import { afterSignIn, PAGES } from '../paths';
import { ShellLink, useGo } from '../shell';
import { AuthLayout } from './AuthLayout';
import { authProvider } from './authProvider';
import { Field } from './Field';

/** What went wrong, in words for the person signing in. */
function signInErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    // LOCKED and RATE_LIMITED come with the server's own sentence (when to try again); so does a wrong
    // password or code (better-auth's INVALID_EMAIL_OR_PASSWORD / INVALID_CODE).
    if (error.status === 429 && error.code !== 'LOCKED') {
      return error.message || 'Too many tries. Wait a minute and try again.';
    }
    return error.message;
  }
  return 'Sign-in failed. Try again.';
}

/**
 * E-mail and password, then the authenticator's code when the account has a second factor. Outside
 * react-admin: this page loads the sign-in bundle only; the admin is fetched once signed in.
 */
export function SignInPage() {
  const go = useGo();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await authProvider.login(step === 'code' ? { code: code.trim() } : { email, password });
      if (result.secondFactor) {
        setStep('code');
        return;
      }
      go(afterSignIn(window.location.search), { replace: true });
    } catch (caught) {
      setError(signInErrorText(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title={step === 'code' ? 'Enter your authentication code' : 'Sign in'}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-busy={busy}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {step === 'password' ? (
          <>
            <Field
              label="E-mail"
              type="email"
              autoComplete="username"
              value={email}
              onChange={setEmail}
              required
              autoFocus
            />
            <Field
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
              required
            />
          </>
        ) : (
          <>
            <Typography variant="body2">
              Open the authenticator app on your phone and enter the 6-digit code it shows for Trailpass.
            </Typography>
            <Field
              label="Authentication code"
              inputRef={codeRef}
              value={code}
              onChange={setCode}
              required
              autoComplete="one-time-code"
              htmlInput={{ inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 }}
            />
          </>
        )}
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {step === 'code' ? 'Verify' : 'Sign in'}
        </Button>
        {step === 'password' ? (
          <ShellLink href={PAGES.forgotPassword} variant="body2">
            Forgot password?
          </ShellLink>
        ) : (
          <Button
            onClick={() => {
              setStep('password');
              setCode('');
              setError(null);
            }}
          >
            Back to e-mail and password
          </Button>
        )}
      </Stack>
    </AuthLayout>
  );
}
