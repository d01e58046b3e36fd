import type { Perk } from '@trailpass/contract';
import OpenInNewIcon from '~icons/ic/baseline-open-in-new';
import { HtmlView } from '../../../components/HtmlView';
import { Image } from '../../../components/Image';
import { useTranslation } from '../../../i18n';
import { heroUrl } from '../../../lib/media';
import { withHttps } from '../../../lib/url';
import { CardList } from '../components/CardList';
import { externalUrl } from '../components/item-links';
import { pick } from '../components/records';
import { TitledSection } from '../components/TitledSection';
import { useModuleContext } from '../context';
import { dataIds, type ModuleProps, moduleLabel } from '../types';

/**
 * A perk: picture, name, its HTML description (sanitised) and, when it has one, a link to the perk's
 * site. The description may hold links of its own, so the card is not one big link.
 */
function PerkCard({ perk }: { perk: Perk }) {
  const { t } = useTranslation('modules');
  // Partners type bare domains ("lakeshorekites.example"); they get https:// as websites do elsewhere.
  const href = externalUrl(withHttps(perk.url));
  return (
    <div className="tp-outlined tp-mod-perk">
      <Image src={heroUrl(perk.media) ?? perk.media[0]?.url} alt="" className="tp-thumb" />
      <div className="tp-grow">
        <h3 className="tp-subtitle1 tp-bold tp-mod-title">{perk.name}</h3>
        <HtmlView html={perk.description} className="tp-body2 tp-secondary tp-mod-perk-text" />
        {href && (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('learnMoreAbout', { name: perk.name })}
            className="tp-body2 tp-mod-link tp-mod-perk-link"
          >
            {t('visitWebsite')}
            <OpenInNewIcon />
          </a>
        )}
      </div>
    </div>
  );
}

/** Spec 2.4 DashboardPerks: the pass's perks named by data.perks, in that order. */
export default function DashboardPerks({ module }: ModuleProps) {
  const { index } = useModuleContext();
  const perks = pick(dataIds(module, 'perks'), index.perks);
  if (perks.length === 0) return null;
  return (
    <TitledSection title={moduleLabel(module)}>
      {(headingId) => (
        <CardList
          items={perks}
          itemKey={(perk) => perk.id}
          labelledBy={headingId}
          label={module.name}
          renderItem={(perk) => <PerkCard perk={perk} />}
        />
      )}
    </TitledSection>
  );
}
