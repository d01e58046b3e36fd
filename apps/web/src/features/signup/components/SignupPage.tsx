import type { UnregisteredLink } from '@trailpass/contract';
import { useId } from 'react';
import LanguageIcon from '~icons/ic/baseline-language';
import { Image } from '../../../components/Image';
import { ButtonAnchor } from '../../../components/ui';
import { useTranslation } from '../../../i18n';
import { findMedia } from '../../../lib/media';
import { withHttps } from '../../../lib/url';
import { useAppData } from '../../app-data';
import { ModulePage } from '../../experiences';
import { groupByPartner, highlightLines } from './signup';

function PassCard({ link }: { link: UnregisteredLink }) {
  const { t } = useTranslation('signup');
  const nameId = useId();
  const { pass } = link;
  const image = findMedia(pass.media, 'Header') ?? pass.media[0] ?? null;
  const highlights = highlightLines(pass.highlights);
  const href = withHttps(link.url);
  return (
    <article aria-labelledby={nameId} className="tp-outlined">
      <Image
        src={image?.url}
        alt={pass.name}
        className="tp-img-cover"
        style={{ display: 'block', height: 160 }}
      />
      <div className="tp-signup-pass-body">
        <h3 id={nameId} className="tp-h6" style={{ marginBottom: 8 }}>
          {pass.name}
        </h3>
        {highlights.length > 0 && (
          <ul className="tp-signup-highlights">
            {highlights.map((line, index) => (
              // Highlight lines may repeat; their position is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: static list
              <li className="tp-body2" key={index}>
                {line}
              </li>
            ))}
          </ul>
        )}
      </div>
      {href && (
        <div className="tp-signup-pass-actions">
          <ButtonAnchor variant="contained" href={href} rel="noreferrer" aria-describedby={nameId}>
            {t('signUpNow')}
          </ButtonAnchor>
        </div>
      )}
    </article>
  );
}

/** Spec 2.14: the only page of an unregistered venue link (plain elements: decision 0027). */
export default function SignupPage() {
  const { t } = useTranslation('signup');
  const { data } = useAppData();
  const links = data?.unregistered_links ?? [];
  const venueName = data?.venue?.name;
  const partners = groupByPartner(links);

  return (
    <div className="tp-signup">
      <h1 className="tp-h5 tp-bold" style={{ marginBottom: 8 }}>
        {t('heading')}
      </h1>
      <p className="tp-body1 tp-secondary" style={{ marginBottom: 24 }}>
        {venueName ? t('venueIntro', { venue: venueName }) : t('thisVenueIntro')}
      </p>
      {partners.length === 0 && (
        <p className="tp-body1" role="status">
          {t('noPasses')}
        </p>
      )}
      <div className="tp-stack tp-signup-partners">
        {partners.map(({ partner, links: partnerLinks }) => {
          const logo = findMedia(partner.media, 'Logo') ?? findMedia(partner.media, 'HorizontalLogo');
          const website = withHttps(partner.website);
          return (
            <section key={partner.id} aria-label={partner.name}>
              <div className="tp-row tp-gap-2" style={{ marginBottom: 16 }}>
                <Image
                  src={logo?.url}
                  alt={t('partnerLogoAlt', { name: partner.name })}
                  style={{ width: 56, height: 56, objectFit: 'contain', flexShrink: 0 }}
                />
                <div style={{ minWidth: 0 }}>
                  <h2 className="tp-h6">{partner.name}</h2>
                  {website && (
                    <a href={website} rel="noreferrer" className="tp-mp-link tp-signup-website">
                      <LanguageIcon />
                      {partner.website?.replace(/^https?:\/\//i, '')}
                    </a>
                  )}
                </div>
              </div>
              <div className="tp-stack tp-gap-2">
                {partnerLinks.map((link) => (
                  <PassCard key={link.pass.id} link={link} />
                ))}
              </div>
            </section>
          );
        })}
      </div>
      {data?.venue && (
        // The venue's own page for visitors (spec 6: module assignments use the unregistered endpoints).
        <div className="tp-signup-venue">
          <ModulePage
            page="venue"
            appData={data}
            request={{ type: 'venue', assignmentId: data.venue.id, location: 'pass', dealId: null }}
            venueId={data.venue.id}
            heading={null}
            quietErrors
          />
        </div>
      )}
    </div>
  );
}
