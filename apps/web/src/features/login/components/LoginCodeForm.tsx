import {
  LOGIN_CODE_ENDED_MESSAGE,
  LOGIN_CODE_LENGTH,
  LOGIN_CODE_TTL_MINUTES,
  type SignedIn,
} from '@trailpass/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useLoginCode } from '../api/login';

function failureMessage(error: unknown): string {
  // The server's own words for a wrong or ended code (422).
  if (isApiError(error, 422)) return error.message || LOGIN_CODE_ENDED_MESSAGE;
  if (isApiError(error, 429)) return 'Too many attempts. Please wait a moment and try again.';
  return 'We could not check your code right now. Please try again.';
}

const onlyDigits = (value: string) => value.replace(/\D/g, '').slice(0, LOGIN_CODE_LENGTH);

/**
 * Issue 29, an offer that verifies sign-in by e-mail: after Access Your Pass, the code sent to the e-mail.
 * Only a right code signs in; a new one can be asked for (which ends the old), or another e-mail used.
 * Plain HTML with Login's own classes, as the rest of the page (decision 0025).
 */
export function LoginCodeForm({
  email,
  onSignedIn,
  onResend,
  onBack,
}: {
  email: string;
  onSignedIn: (answer: SignedIn) => Promise<void>;
  /** Asks for a new code; rejects when it could not be sent. */
  onResend: () => Promise<void>;
  onBack: () => void;
}) {
  const submitCode = useLoginCode();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The code step replaces the e-mail form: focus moves to its field.
  useEffect(() => input.current?.focus(), []);
  const complete = code.length === LOGIN_CODE_LENGTH;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete || busy) return;
    setFailure(null);
    setNotice(null);
    setBusy(true);
    try {
      const answer = await submitCode.mutateAsync({ code });
      await onSignedIn(answer);
    } catch (error) {
      setFailure(failureMessage(error));
      setCode('');
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (busy) return;
    setFailure(null);
    setNotice(null);
    setBusy(true);
    try {
      await onResend();
      setCode('');
      setNotice(`We sent a new code to ${email}. The old one no longer works.`);
      input.current?.focus();
    } catch {
      setFailure('We could not send a new code right now. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="tp-form" noValidate onSubmit={onSubmit} aria-describedby="login-code-intro">
      <p id="login-code-intro" className="tp-login-text">
        We sent a {LOGIN_CODE_LENGTH}-digit code to <strong>{email}</strong>. Enter it to open your pass. It
        works for {LOGIN_CODE_TTL_MINUTES} minutes.
      </p>
      {failure && (
        <div className="tp-error-box" role="alert">
          <p>{failure}</p>
        </div>
      )}
      {notice && (
        <div className="tp-info-box" role="status">
          <p>{notice}</p>
        </div>
      )}
      <div className="tp-field">
        <label htmlFor="login-code">Code</label>
        <input
          ref={input}
          id="login-code"
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={LOGIN_CODE_LENGTH}
          aria-required="true"
          aria-describedby="login-code-helper-text"
          value={code}
          onChange={(event) => {
            setCode(onlyDigits(event.target.value));
            setFailure(null);
          }}
        />
        <p className="tp-helper" id="login-code-helper-text">
          {LOGIN_CODE_LENGTH} digits, from the e-mail
        </p>
      </div>
      <button
        type="submit"
        className="tp-button tp-button-large"
        disabled={!complete || busy}
        aria-busy={busy || undefined}
      >
        {busy && <span className="tp-spinner" aria-hidden="true" />}
        Sign In
      </button>
      <div className="tp-login-actions">
        <button type="button" className="tp-login-link tp-link-button" onClick={resend} disabled={busy}>
          Send a new code
        </button>
        <button type="button" className="tp-login-link tp-link-button" onClick={onBack} disabled={busy}>
          Use another e-mail
        </button>
      </div>
    </form>
  );
}
