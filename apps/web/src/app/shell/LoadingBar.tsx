import { useTranslation } from '../../i18n';

/**
 * Spec 2.3: a progress bar while the initial data or a page chunk loads. A CSS bar (index.html's .tp-loadbar)
 * rather than MUI's LinearProgress: it shows before any MUI has loaded (decision 0025).
 */
export function LoadingBar({ active }: { active: boolean }) {
  const { t } = useTranslation('shell');
  if (!active) return null;
  return <div className="tp-loadbar" role="progressbar" aria-label={t('loading')} />;
}
