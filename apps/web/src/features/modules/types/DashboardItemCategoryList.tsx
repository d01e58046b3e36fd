import { useState } from 'react';
import { cx } from '../../../components/ui';
import { useTranslation } from '../../../i18n';
import { compareNames } from '../../../lib/sorting';
import { TitledSection } from '../components/TitledSection';
import { VenueList } from '../components/VenueList';
import { categoryGroups } from '../components/venues';
import { useModuleContext } from '../context';
import { type ModuleProps, moduleLabel } from '../types';

const ALL = 'all';

/**
 * Spec 2.4 DashboardItemCategoryList: data.categories as filter chips ("All" first) over the venues of
 * those categories; the list shows the chosen category's venues. "All" means every venue of the
 * module's categories, not every venue of the page, so the chips always add up to it.
 */
export default function DashboardItemCategoryList({ module }: ModuleProps) {
  const { t } = useTranslation('modules');
  const ctx = useModuleContext();
  const [chosen, setChosen] = useState<number | typeof ALL>(ALL);
  const groups = categoryGroups(module, ctx);
  if (groups.length === 0) return null;

  // A venue in two of the categories is listed once.
  const byId = new Map(groups.flatMap((item) => item.venues).map((venue) => [venue.id, venue]));
  const all = [...byId.values()].sort((a, b) => compareNames(a.name, b.name));
  const group = groups.find((item) => item.category.id === chosen);
  const venues = group?.venues ?? all;
  const title = moduleLabel(module);

  const chip = (key: number | typeof ALL, label: string, count: number) => {
    const selected = (group ? group.category.id : ALL) === key;
    return (
      // A filter is a toggle button drawn as MUI's clickable Chip: filled in the pass colour when chosen.
      <button
        key={key}
        type="button"
        aria-pressed={selected}
        onClick={() => setChosen(key)}
        className={cx('tp-chip', 'tp-mod-chip-button', selected ? 'tp-chip-primary' : 'tp-chip-outlined')}
      >
        {`${label} (${count})`}
      </button>
    );
  };

  return (
    <TitledSection title={title}>
      <fieldset aria-label={t('filterByCategory')} className="tp-mod-filters">
        {chip(ALL, t('allFilter'), all.length)}
        {groups.map((item) => chip(item.category.id, item.category.name, item.venues.length))}
      </fieldset>
      <VenueList venues={venues} layout="rows" label={group ? group.category.name : t('allCategories')} />
    </TitledSection>
  );
}
