import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { Deal } from '@trailpass/contract';
import { useId } from 'react';

/**
 * Spec 2.5 deal selector: which gamified deal's rewards and points the page shows. A native select, so
 * phones open their own picker and the keyboard works as everywhere else. Built from TextField's parts:
 * TextField always brings MUI's Select with its menu, popover and modal, which a native select never uses
 * (decision 0025).
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
  const id = useId();
  return (
    <FormControl fullWidth>
      <InputLabel htmlFor={id} shrink>
        Deal
      </InputLabel>
      <NativeSelect
        input={<OutlinedInput label="Deal" notched />}
        inputProps={{ id }}
        value={String(selectedId)}
        onChange={(event) => onSelect(Number(event.target.value))}
      >
        {deals.map((deal) => (
          <option key={deal.id} value={deal.id}>
            {deal.name}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
