import { useQueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '@trailpass/contract';
import { type FormEvent, useState } from 'react';
// `?inline`: a module of its own, so the picture comes in this chunk. As Image.tsx's import, it would be the
// shared `app` chunk's, and Login would load that whole chunk (14 kB) for it (decision 0054).
import noImage from '../../../assets/no-image.svg?inline';
import { translate, useTranslation } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { useFirstScreenShown } from '../../../lib/first-screen';
import { AppLink, useAppNavigate } from '../../../lib/navigation';
import { dataQueryKey, loginMedia, passName, useAppData } from '../../app-data';
import { useLogin } from '../api/login';
import { EmailField } from './EmailField';
import { LoginCodeForm } from './LoginCodeForm';
import { LostLinkForm } from './LostLinkForm';
import { checkLoginEmail } from './login-form';

function failureMessage(error: unknown): string {
  // 404: the contract's LOGIN_NOT_FOUND_MESSAGE, in the holder's language.
  if (isApiError(error, 404)) return translate('login:emailNotFound');
  if (isApiError(error, 429)) return translate('login:tooManyAttempts');
  if (isApiError(error, 403)) return translate('login:cannotSignIn');
  return translate('login:signInFailed');
}

/** The partner's logo; the default no-image picture when it is missing or broken (spec 8), as Image does. */
function Logo({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? noImage : src}
      alt={alt}
      loading="eager"
      fetchPriority="high"
      decoding="async"
      data-fallback={failed ? 'true' : undefined}
      onError={() => setFailed(true)}
    />
  );
}

/**
 * Spec 2.13: Pass Login. Plain HTML styled by index.html's .tp-login classes, not MUI: it is the first page a
 * signed-out visitor sees, and without MUI it needs little more JavaScript than the app's first chunk
 * (decision 0025). It looks as the MUI pages do: a card, an outlined field, a contained button.
 */
export default function LoginPage() {
  const { t } = useTranslation('login');
  const { data } = useAppData();
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  // The check's message shows once the field has been typed in or left (as react-hook-form's mode 'all' did).
  const [touched, setTouched] = useState(false);
  // The server's own message for the address, until it is changed.
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The e-mail a sign-in code was sent to (an offer that verifies sign-in by e-mail, issue 29).
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const check = checkLoginEmail(email);

  /** The session now has a pass holder: reload the initial data, then go to Experiences. */
  const signedIn = async () => {
    await queryClient.refetchQueries({ queryKey: dataQueryKey() });
    navigate('Experiences', { replace: true });
  };

  const media = data ? loginMedia(data) : { background: null, logo: null };
  const name = data ? passName(data) : 'Trailpass';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!check.ok || submitting) return;
    setFailure(null);
    setSubmitting(true);
    try {
      let answer: LoginResponse;
      try {
        answer = await login.mutateAsync({ email: check.email });
      } catch (error) {
        const fieldMessage = isApiError(error, 400) ? error.fields?.email : undefined;
        if (fieldMessage) setServerError(fieldMessage);
        else setFailure(failureMessage(error));
        return;
      }
      if ('code_sent' in answer) setCodeSentTo(check.email);
      else await signedIn();
    } finally {
      setSubmitting(false);
    }
  };

  const emailError = serverError ?? (touched && !check.ok ? check.message : undefined);
  useFirstScreenShown(true);

  return (
    <div
      className="tp-login"
      style={media.background ? { backgroundImage: `url("${encodeURI(media.background)}")` } : undefined}
    >
      <div className="tp-login-card">
        <div className="tp-login-logo">
          {media.logo ? <Logo src={media.logo} alt={t('logoAlt', { name })} /> : <p>{name}</p>}
        </div>
        <h1>{t('title')}</h1>
        {codeSentTo !== null ? (
          <LoginCodeForm
            email={codeSentTo}
            onSignedIn={signedIn}
            onResend={async () => {
              await login.mutateAsync({ email: codeSentTo });
            }}
            onBack={() => setCodeSentTo(null)}
          />
        ) : (
          <form className="tp-form" noValidate onSubmit={onSubmit}>
            {failure && (
              <div className="tp-error-box" role="alert">
                <p>{failure}</p>
              </div>
            )}
            <EmailField
              id="login-email"
              label={t('email')}
              value={email}
              error={emailError}
              onChange={(value) => {
                setEmail(value);
                setTouched(true);
                setServerError(null);
                setFailure(null);
              }}
              onBlur={() => setTouched(true)}
            />
            <button
              type="submit"
              className="tp-button tp-button-large"
              disabled={!check.ok || submitting}
              aria-busy={submitting || undefined}
            >
              {submitting && <span className="tp-spinner" aria-hidden="true" />}
              {t('accessYourPass')}
            </button>
          </form>
        )}
        {codeSentTo === null && <LostLinkForm />}
        {/* Spec 6: Common Questions stay open to a visitor who is not signed in. */}
        <AppLink to="CommonQuestions" className="tp-login-link">
          {t('commonQuestions')}
        </AppLink>
      </div>
    </div>
  );
}
