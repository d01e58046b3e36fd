import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CatalogueReward, RewardUpdateRequest } from '@trailpass/contract/console';
import { useId, useState } from 'react';
import { useNotify } from 'react-admin';
import { updateReward } from '../../api/content';
import { FormDialog } from '../common/FormDialog';
import { useDialogForm } from '../common/useDialogForm';
import {
  optionField,
  type RewardField,
  type RewardValues,
  rewardFieldErrors,
  rewardValues,
  stockField,
  stockRows,
  toRewardUpdate,
} from './rewardForm';

const number = new Intl.NumberFormat('en-US');
const NUMERIC = { htmlInput: { inputMode: 'numeric' as const, autoComplete: 'off' } };

/**
 * "Edit" on a reward: its points price (or each option's) and its stock, a count per key or no limit at
 * all. Only what changed is sent; the server's field messages land on the fields they name.
 */
export function RewardDialog(props: {
  offerId: number;
  /** Points per unit of retail price: a price must be whole cents at it. */
  ratio: number;
  reward: CatalogueReward | null;
  onClose: () => void;
  onSaved: (reward: CatalogueReward) => void;
}) {
  const { reward } = props;
  const notify = useNotify();
  const form = useDialogForm<RewardField>();
  const pricesId = useId();
  const stockId = useId();
  // What was typed for the reward the dialog is open on; it opens on the reward's own values.
  const [draft, setDraft] = useState<{ id: number; values: RewardValues } | null>(null);
  const values = reward ? (draft?.id === reward.id ? draft.values : rewardValues(reward)) : null;

  function change(update: (current: RewardValues) => RewardValues) {
    if (reward && values) setDraft({ id: reward.id, values: update(values) });
  }

  function close() {
    setDraft(null);
    form.reset();
    props.onClose();
  }

  async function submit() {
    if (!reward || !values) return;
    const outcome = toRewardUpdate(reward, values, props.ratio);
    if (!form.check('errors' in outcome ? outcome.errors : {}) || 'errors' in outcome) return;
    if ('unchanged' in outcome) {
      notify(`Nothing to save: ${reward.name} is as it was.`, { type: 'info' });
      close();
      return;
    }
    const request: RewardUpdateRequest = outcome.request;
    const sent = await form.send(
      () => updateReward({ offerId: props.offerId, rewardId: reward.id }, request),
      'The reward could not be saved. Try again.',
      // The body's `options.1.pointsPrice` is the second option sent: its message goes on that option's field.
      { fieldErrors: (errors) => rewardFieldErrors(errors, request) },
    );
    if (!sent) return;
    notify(`${reward.name} is saved.`, { type: 'success' });
    props.onSaved(sent.value);
    close();
  }

  const rows = reward ? stockRows(reward) : [];
  return (
    <FormDialog
      open={reward !== null}
      title={reward ? `Edit ${reward.name}` : 'Edit reward'}
      submitLabel="Save changes"
      busy={form.busy}
      formError={form.formError}
      onSubmit={submit}
      onClose={close}
    >
      {reward && values && (
        <>
          {reward.options.length === 0 ? (
            <TextField
              label="Points price"
              value={values.pointsPrice}
              onChange={(event) => change((v) => ({ ...v, pointsPrice: event.target.value }))}
              error={Boolean(form.errors.pointsPrice)}
              helperText={
                form.errors.pointsPrice ??
                `Whole points; ${number.format(props.ratio)} points per unit of price.`
              }
              required
              autoFocus
              slotProps={NUMERIC}
            />
          ) : (
            <Stack
              component="fieldset"
              spacing={2}
              sx={{ border: 0, p: 0, m: 0 }}
              aria-describedby={pricesId}
            >
              <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
                Points price per option
              </Typography>
              {reward.options.map((option, index) => {
                const field = optionField(option.id);
                return (
                  <TextField
                    key={option.id}
                    label={`Points for ${option.name}`}
                    value={values.options[String(option.id)] ?? ''}
                    onChange={(event) =>
                      change((v) => ({
                        ...v,
                        options: { ...v.options, [String(option.id)]: event.target.value },
                      }))
                    }
                    error={Boolean(form.errors[field])}
                    helperText={form.errors[field]}
                    required
                    autoFocus={index === 0}
                    slotProps={NUMERIC}
                  />
                );
              })}
              <FormHelperText id={pricesId} error={Boolean(form.errors.options)} sx={{ mt: 0 }}>
                {form.errors.options ??
                  `Whole points; ${number.format(props.ratio)} points per unit of price.`}
              </FormHelperText>
            </Stack>
          )}
          <FormControlLabel
            control={
              <Switch
                checked={values.limitStock}
                onChange={(event) => change((v) => ({ ...v, limitStock: event.target.checked }))}
              />
            }
            label="Limit stock"
          />
          {values.limitStock ? (
            <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0 }} aria-describedby={stockId}>
              <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
                Left to claim
              </Typography>
              {rows.map((row) => {
                const field = stockField(row.key);
                const empty =
                  row.empty === 'shares-all' ? 'Empty: takes from All options.' : 'Empty: no limit.';
                const held =
                  row.held > 0 ? ` ${number.format(row.held)} in carts now, counted in what is left.` : '';
                return (
                  <TextField
                    key={row.key}
                    label={reward.options.length === 0 ? 'Left' : `Left: ${row.label}`}
                    value={values.stock[row.key] ?? ''}
                    onChange={(event) =>
                      change((v) => ({ ...v, stock: { ...v.stock, [row.key]: event.target.value } }))
                    }
                    error={Boolean(form.errors[field])}
                    helperText={form.errors[field] ?? `${empty}${held}`}
                    slotProps={NUMERIC}
                  />
                );
              })}
              <FormHelperText id={stockId} error={Boolean(form.errors.stock)} sx={{ mt: 0 }}>
                {form.errors.stock ?? 'The counts replace the whole stock.'}
              </FormHelperText>
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">
              No limit: holders may claim it as long as they have the points.
            </Typography>
          )}
        </>
      )}
    </FormDialog>
  );
}
