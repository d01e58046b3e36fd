import { LOGIN_CODE_LENGTH, LOGIN_CODE_TTL_MINUTES, type SignedIn } from '@trailpass/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Trans, translate, useTranslation } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { useLoginCode } from '../api/login';

function failureMessage(error: unknown): string {
  // The server's own words for a wrong or ended code (422); the contract's LOGIN_CODE_ENDED_MESSAGE without.
  if (isApiError(error, 422)) return error.message || translate('login:codeEnded');
  if (isApiError(error, 429)) return translate('login:tooManyAttempts');
  return translate('login:codeCheckFailed');
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
  const { t } = useTranslation('login');
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
      setNotice(t('newCodeSent', { email }));
      input.current?.focus();
    } catch {
      setFailure(t('newCodeFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="tp-form" noValidate onSubmit={onSubmit} aria-describedby="login-code-intro">
      <p id="login-code-intro" className="tp-login-text">
        <Trans
          t={t}
          i18nKey="codeIntro"
          values={{ length: LOGIN_CODE_LENGTH, email, minutes: LOGIN_CODE_TTL_MINUTES }}
          components={{ strong: <strong /> }}
        />
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
        <label htmlFor="login-code">{t('code')}</label>
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
          {t('codeHelper', { length: LOGIN_CODE_LENGTH })}
        </p>
      </div>
      <button
        type="submit"
        className="tp-button tp-button-large"
        disabled={!complete || busy}
        aria-busy={busy || undefined}
      >
        {busy && <span className="tp-spinner" aria-hidden="true" />}
        {t('signIn')}
      </button>
      <div className="tp-login-actions">
        <button type="button" className="tp-login-link tp-link-button" onClick={resend} disabled={busy}>
          {t('sendNewCode')}
        </button>
        <button type="button" className="tp-login-link tp-link-button" onClick={onBack} disabled={busy}>
          {t('useAnotherEmail')}
        </button>
      </div>
    </form>
  );
}
