import type { DealSummary } from '@trailpass/contract';
import { heroUrl } from '../../../lib/media';
import { dealTarget } from '../links';
import { ContentCard } from './ContentCard';

/** A deal as a card: its hero, name and short description, one link to the Deal page. */
export function DealCard({ deal, loading }: { deal: DealSummary; loading?: 'lazy' | 'eager' }) {
  return (
    <ContentCard
      title={deal.name}
      image={heroUrl(deal.media)}
      link={{ kind: 'route', to: dealTarget(deal.id) }}
      {...(loading ? { loading } : {})}
    >
      {deal.short_description && <p className="tp-body2 tp-secondary">{deal.short_description}</p>}
    </ContentCard>
  );
}
