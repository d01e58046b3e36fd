import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import OpenInNewIcon from '~icons/ic/baseline-open-in-new';
import { Image } from '../../../components/Image';
import { useTranslation } from '../../../i18n';
import { AppLink } from '../../../lib/navigation';
import type { RouteTarget } from '../../../lib/routes';

/** Where a card leads: a route by name, an in-app path that already carries t, or another site. */
export type CardLink =
  | { kind: 'route'; to: RouteTarget }
  | { kind: 'path'; to: string }
  | { kind: 'external'; href: string };

/**
 * A card of a module list: a picture in a fixed-ratio box (no layout shift while it loads), the name as
 * a heading and a few lines below. With a link, the picture, name and text are one link named by the
 * name alone (the text describes it). The footer sits outside the link, for chips or a second link.
 */
export function ContentCard({
  title,
  image,
  imageRatio = '16 / 9',
  children,
  footer,
  link,
  loading = 'lazy',
  headingLevel = 3,
}: {
  title: string;
  image: string | null;
  imageRatio?: string;
  children?: ReactNode;
  footer?: ReactNode;
  link: CardLink | null;
  loading?: 'lazy' | 'eager';
  /** h3 under a module's own heading; h2 on a page whose cards come right below its h1 (Rewards). */
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('modules');
  const titleId = useId();
  const bodyId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const content = (
    <>
      <Image
        src={image}
        // The name is the heading right below; the picture adds nothing a screen reader needs.
        alt=""
        loading={loading}
        className="tp-img tp-img-cover"
        style={{ aspectRatio: imageRatio }}
      />
      <div className="tp-card-body">
        <Heading id={titleId} className="tp-subtitle1 tp-bold tp-mod-title">
          {title}
          {link?.kind === 'external' && (
            // The space stays outside the hidden text, whose own edges are trimmed when the name is read.
            <>
              <OpenInNewIcon className="tp-mod-external-icon" />{' '}
              <span className="tp-sr-only">{t('opensInNewTab')}</span>
            </>
          )}
        </Heading>
        {children && (
          <div id={bodyId} className="tp-mod-card-text">
            {children}
          </div>
        )}
      </div>
    </>
  );

  const labels = { 'aria-labelledby': titleId, 'aria-describedby': children ? bodyId : undefined };

  return (
    <div className="tp-outlined tp-mod-card">
      {link?.kind === 'route' && (
        <AppLink to={link.to} {...labels} className="tp-card-area">
          {content}
        </AppLink>
      )}
      {link?.kind === 'path' && (
        <RouterLink to={link.to} {...labels} className="tp-card-area">
          {content}
        </RouterLink>
      )}
      {link?.kind === 'external' && (
        <a href={link.href} target="_blank" rel="noopener noreferrer" {...labels} className="tp-card-area">
          {content}
        </a>
      )}
      {!link && <div className="tp-mod-card-static">{content}</div>}
      {footer && <div className="tp-mod-card-footer">{footer}</div>}
    </div>
  );
}
