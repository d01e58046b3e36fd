import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useRedirect } from 'react-admin';
import { useOfferScope } from '../useOfferScope';

/**
 * The offer the console works on, in the app bar. Changing it drops every cached list and record (they
 * belong to the previous offer) and opens the new offer's holder list.
 */
export function OfferPicker() {
  const { choices, choice, setOfferId } = useOfferScope();
  const queryClient = useQueryClient();
  const redirect = useRedirect();
  if (choices.length === 0) return null;
  const partners = new Set(choices.map((c) => c.partnerId));
  return (
    <TextField
      select
      variant="filled"
      size="small"
      label="Offer"
      value={choice?.offerId ?? ''}
      onChange={(event) => {
        setOfferId(Number(event.target.value));
        queryClient.removeQueries();
        redirect('list', 'holders');
      }}
      sx={{ minWidth: 220, maxWidth: 360, bgcolor: 'background.paper', borderRadius: 1, mx: 1 }}
    >
      {choices.map((c) => (
        <MenuItem key={c.offerId} value={c.offerId}>
          {partners.size > 1 ? `${c.partnerName} · ${c.offerName}` : c.offerName}
        </MenuItem>
      ))}
    </TextField>
  );
}
