import { Image } from '../../../components/Image';
import { SpacedText } from '../../../components/SpacedText';
import { useTranslation } from '../../../i18n';
import { heroUrl } from '../../../lib/media';
import { AppLink } from '../../../lib/navigation';
import { RedeemPanel } from '../../redeem/components/RedeemPanel';
import { HERO_BOX_STYLE, ModuleDetail } from '../components/ModuleDetails';
import { useTemplateSource } from '../components/ModuleTemplateSource';
import { useModuleContext } from '../context';
import { venueTarget } from '../links';
import type { ModuleProps } from '../types';

/**
 * ProductInfo (spec 2.4): the page's product: its picture, name (h2: the page has the h1), its venue
 * (a link to the venue page, within the page's deal), the holder's redeem panel (or the preview's), short
 * and long description, and the labelled details a visitor needs before using it: good to know,
 * restrictions, how often.
 */
export default function ProductInfo(_props: ModuleProps) {
  const { t } = useTranslation('modules');
  const ctx = useModuleContext();
  const { product } = useTemplateSource();
  if (!product) return null;
  const venueName = product.venueName?.trim() || null;

  return (
    <div className="tp-info">
      {/* The top of a product page: loaded at once, it is what the visitor sees first. */}
      <Image src={heroUrl(product.media)} alt="" loading="eager" style={HERO_BOX_STYLE} />
      <h2 className="tp-h5 tp-bold tp-info-name">{product.name}</h2>
      {venueName &&
        (product.venue_id !== null ? (
          <AppLink to={venueTarget(ctx, product.venue_id)} className="tp-mp-link tp-subtitle1">
            {venueName}
          </AppLink>
        ) : (
          <p className="tp-subtitle1">{venueName}</p>
        ))}
      <RedeemPanel appData={ctx.appData} product={product} />
      <SpacedText
        text={product.short_description}
        component="p"
        className="tp-secondary"
        style={{ marginTop: 8 }}
      />
      <SpacedText text={product.description} style={{ marginTop: 8 }} />
      <ModuleDetail label={t('goodToKnow')} text={product.information} />
      <ModuleDetail label={t('restrictions')} text={product.restrictions} />
      <ModuleDetail label={t('howOften')} text={product.frequency} />
    </div>
  );
}
