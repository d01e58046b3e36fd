import TextField from '@mui/material/TextField';
import type { Deal } from '@trailpass/contract';

/**
 * Spec 2.5 deal selector: which gamified deal's rewards and points the page shows. A native select, so
 * phones open their own picker and the keyboard works as everywhere else.
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
  return (
    <TextField
      select
      fullWidth
      label="Deal"
      value={String(selectedId)}
      onChange={(event) => onSelect(Number(event.target.value))}
      slotProps={{ select: { native: true } }}
    >
      {deals.map((deal) => (
        <option key={deal.id} value={deal.id}>
          {deal.name}
        </option>
      ))}
    </TextField>
  );
}
