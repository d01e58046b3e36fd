import { type FormEvent, useId, useState } from 'react';
import { translate, useTranslation } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { useLostLink } from '../api/login';
import { EmailField } from './EmailField';
import { checkLoginEmail } from './login-form';

function failureMessage(error: unknown): string {
  if (isApiError(error, 429)) return translate('login:lostLinkTooMany');
  if (isApiError(error, 403)) return translate('login:lostLinkForbidden');
  return translate('login:lostLinkFailed');
}

/**
 * Issue 29 lost-link recovery, under Login's form: "Lost your pass link?" opens a short form for an
 * e-mail. The server answers the same whether or not that e-mail has a pass (so it reveals nothing) and
 * e-mails the pass link when it does.
 */
export function LostLinkForm() {
  const { t } = useTranslation('login');
  const lostLink = useLostLink();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const check = checkLoginEmail(email);
  const emailError = touched && !check.ok ? check.message : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!check.ok || lostLink.isPending) return;
    setFailure(null);
    setSent(null);
    try {
      const answer = await lostLink.mutateAsync({ email: check.email });
      setSent(answer.message);
    } catch (error) {
      setFailure(failureMessage(error));
    }
  };

  return (
    <div className="tp-lost-link">
      <button
        type="button"
        className="tp-login-link tp-link-button"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => setOpen((value) => !value)}
      >
        {t('lostLinkQuestion')}
      </button>
      {open && (
        <form
          id={`${id}-form`}
          className="tp-form"
          noValidate
          onSubmit={onSubmit}
          aria-label={t('lostLinkQuestion')}
        >
          <p className="tp-login-text">{t('lostLinkIntro')}</p>
          {sent && (
            <div className="tp-info-box" role="status">
              <p>{sent}</p>
            </div>
          )}
          {failure && (
            <div className="tp-error-box" role="alert">
              <p>{failure}</p>
            </div>
          )}
          <EmailField
            id={`${id}-email`}
            label={t('yourEmail')}
            value={email}
            error={emailError}
            onChange={(value) => {
              setEmail(value);
              setTouched(true);
              setFailure(null);
            }}
            onBlur={() => setTouched(true)}
          />
          <button
            type="submit"
            className="tp-button tp-button-large"
            disabled={!check.ok || lostLink.isPending}
            aria-busy={lostLink.isPending || undefined}
          >
            {lostLink.isPending && <span className="tp-spinner" aria-hidden="true" />}
            {t('emailMyLink')}
          </button>
        </form>
      )}
    </div>
  );
}
