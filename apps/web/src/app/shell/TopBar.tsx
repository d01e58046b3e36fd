import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import ArrowBackIcon from '~icons/ic/baseline-arrow-back';
import { Spinner } from '../../components/ui';
import { useTranslation } from '../../i18n';
import { AppLink, useAppNavigate } from '../../lib/navigation';
import type { RouteTarget } from '../../lib/routes';

function Logo({ src, name }: { src: string | null; name: string }) {
  const { t } = useTranslation('shell');
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>(src ? 'loading' : 'failed');
  if (!src || state === 'failed') {
    return <span className="tp-subtitle1 tp-bold tp-ellipsis tp-appbar-name">{name}</span>;
  }
  return (
    // A box of the logo's largest size (spec 9: 32 x 128), so nothing in the bar moves when it arrives.
    <span className="tp-appbar-logo">
      {state === 'loading' && <Spinner size={20} label={t('loadingLogo')} className="tp-appbar-spinner" />}
      <img
        src={src}
        alt={name}
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
        data-state={state}
      />
    </span>
  );
}

export interface TopBarProps {
  logoUrl: string | null;
  name: string;
  /** In preview the back button is a fixed link to the preview target and the logo is not a link. */
  previewTarget: RouteTarget | null;
  isPreview: boolean;
  endSlot?: ReactNode;
}

/** Spec 2.3: the header (64 high, in the pass's colour): back, the logo (a link home), and a slot at the end. */
export function TopBar({ logoUrl, name, previewTarget, isPreview, endSlot }: TopBarProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const appNavigate = useAppNavigate();
  const location = useLocation();

  const back =
    isPreview && previewTarget ? (
      <AppLink className="tp-icon-btn" to={previewTarget} aria-label={t('back')}>
        <ArrowBackIcon />
      </AppLink>
    ) : (
      <button
        type="button"
        className="tp-icon-btn"
        aria-label={t('back')}
        onClick={() => {
          // Opened straight from the pass link there is no in-app history to go back to.
          if (location.key === 'default') appNavigate('Experiences');
          else navigate(-1);
        }}
      >
        <ArrowBackIcon />
      </button>
    );

  const logo = <Logo src={logoUrl} name={name} />;

  return (
    <header className="tp-appbar">
      <div className="tp-appbar-side">{back}</div>
      <div className="tp-appbar-middle">
        {isPreview ? (
          logo
        ) : (
          <AppLink to="Experiences" aria-label={t('passHome', { name })} className="tp-appbar-home">
            {logo}
          </AppLink>
        )}
      </div>
      <div className="tp-appbar-side">{endSlot}</div>
    </header>
  );
}
