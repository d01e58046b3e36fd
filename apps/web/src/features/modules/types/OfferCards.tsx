import { CardList } from '../components/CardList';
import { DealCard } from '../components/DealCard';
import { pick } from '../components/records';
import { TitledSection } from '../components/TitledSection';
import { useModuleContext } from '../context';
import { dataIds, type ModuleProps, moduleLabel } from '../types';

/** Spec 2.4 OfferCards: the deals of data.deals, in that order, as cards leading to each deal. */
export default function OfferCards({ module }: ModuleProps) {
  const { index } = useModuleContext();
  const deals = pick(dataIds(module, 'deals'), index.deals);
  if (deals.length === 0) return null;
  return (
    <TitledSection title={moduleLabel(module)}>
      {(headingId) => (
        <CardList
          items={deals}
          itemKey={(deal) => deal.id}
          layout="carousel"
          labelledBy={headingId}
          label={module.name}
          renderItem={(deal) => <DealCard deal={deal} />}
        />
      )}
    </TitledSection>
  );
}
