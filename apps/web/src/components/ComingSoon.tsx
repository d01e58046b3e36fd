import type { ReactNode } from 'react';
import ConstructionIcon from '~icons/ic/baseline-construction';
import { useTranslation } from '../i18n';
import { PageHeading } from './PageHeading';

/** An honest placeholder for a page that a later release fills in (plain elements: decision 0027). */
export function ComingSoon({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('components');
  return (
    <div className="tp-p-2">
      <PageHeading>{title}</PageHeading>
      {subtitle && (
        <p className="tp-subtitle1 tp-secondary" style={{ marginTop: -12, marginBottom: 16 }}>
          {subtitle}
        </p>
      )}
      <div role="status" className="tp-coming-soon tp-secondary">
        <ConstructionIcon className="tp-coming-soon-icon" />
        <p className="tp-body1">{t('comingSoon')}</p>
        {children}
      </div>
    </div>
  );
}
