import type { Deal } from '@trailpass/contract';
import { useId } from 'react';
import ArrowDropDownIcon from '~icons/ic/baseline-arrow-drop-down';
import { useTranslation } from '../../../i18n';

/**
 * Spec 2.5 deal selector: which gamified deal's rewards and points the page shows. A native select with
 * its label, so phones open their own picker and the keyboard works as everywhere else; drawn as MUI's
 * outlined field with the label in the border (styles/rewards-orders.css, decision 0027).
 */
export function DealSelector({
  deals,
  selectedId,
  onSelect,
}: {
  deals: readonly Deal[];
  selectedId: number;
  onSelect: (dealId: number) => void;
}) {
  const { t } = useTranslation('rewards');
  const id = useId();
  return (
    <div className="tp-select-field">
      <label htmlFor={id} className="tp-select-label">
        {t('deal')}
      </label>
      <select
        id={id}
        className="tp-select"
        value={String(selectedId)}
        onChange={(event) => onSelect(Number(event.target.value))}
      >
        {deals.map((deal) => (
          <option key={deal.id} value={deal.id}>
            {deal.name}
          </option>
        ))}
      </select>
      <ArrowDropDownIcon />
    </div>
  );
}
