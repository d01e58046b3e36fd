import { userLocale } from '../../../lib/distance';
import { orderItems } from '../../../lib/sorting';
import { CardList } from '../components/CardList';
import { RewardItemCard } from '../components/RewardItemCard';
import { TitledSection } from '../components/TitledSection';
import { useModuleContext } from '../context';
import { dataIds, dataNumber, type ModuleProps, moduleLabel } from '../types';

/**
 * Spec 2.4 and 3, DashboardItemCards (the rewards module): every reward item in the data map (the
 * server sends all of the offer's for this module), those listed in data.sorted first and the rest by
 * name, at most data.value of them (negative: no cap). Each card leads to ClaimReward.
 */
export default function DashboardItemCards({ module }: ModuleProps) {
  const { index, appData } = useModuleContext();
  const items = orderItems(
    [...index.rewardItems.values()],
    dataIds(module, 'sorted'),
    dataNumber(module, 'value'),
  );
  if (items.length === 0) return null;
  const locale = userLocale();
  return (
    <TitledSection title={moduleLabel(module)}>
      {(headingId) => (
        <CardList
          items={items}
          itemKey={(item) => item.id}
          layout="grid"
          labelledBy={headingId}
          label={module.name}
          renderItem={(item) => <RewardItemCard item={item} offer={appData.offer} locale={locale} />}
        />
      )}
    </TitledSection>
  );
}
