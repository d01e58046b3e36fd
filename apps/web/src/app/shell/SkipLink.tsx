import { useTranslation } from '../../i18n';

/** Moves keyboard focus past the header to the page (index.html's .tp-skip shows it when focused). */
export function SkipLink() {
  const { t } = useTranslation('shell');
  return (
    // biome-ignore lint/a11y/useValidAnchor: a real link to #main-content (it works without script too); the click only keeps the hash out of the router's URL
    <a
      className="tp-skip"
      href="#main-content"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById('main-content')?.focus();
      }}
    >
      {t('skipToContent')}
    </a>
  );
}
