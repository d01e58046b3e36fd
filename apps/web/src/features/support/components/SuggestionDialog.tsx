import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type DataResponse, SUGGESTION_PRIORITIES } from '@trailpass/contract';
import { type FormEvent, useId, useState } from 'react';
import { FullScreenDialog } from '../../../components/FullScreenDialog';
import { translate, useTranslation } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { useSendSuggestion } from '../api/support';
import { type SuggestionPriority, senderOf, suggestionRequest } from '../requests';
import { ConfirmationDialog } from './ConfirmationDialog';

export const DEFAULT_PRIORITY: SuggestionPriority = 'Nice to Have';

export interface SuggestionDialogProps {
  data: DataResponse;
  open: boolean;
  onClose: () => void;
  /** After the confirmation has closed (or the form closed unsent): where focus goes back. */
  onFinished?: () => void;
}

interface SuggestionForm {
  suggestion: string;
  priority: SuggestionPriority;
  contactPermission: boolean;
}

const EMPTY_FORM: SuggestionForm = { suggestion: '', priority: DEFAULT_PRIORITY, contactPermission: true };

function isPriority(value: string): value is SuggestionPriority {
  return (SUGGESTION_PRIORITIES as readonly string[]).includes(value);
}

function sendError(error: unknown): string {
  if (isApiError(error, 429)) return translate('support:suggestionTooMany');
  return translate('support:suggestionFailed');
}

/** A priority as the holder reads it; the request sends the contract's value. */
function priorityLabel(priority: SuggestionPriority): string {
  switch (priority) {
    case 'Nice to Have':
      return translate('support:priorityNiceToHave');
    case 'Important':
      return translate('support:priorityImportant');
    case 'Critical':
      return translate('support:priorityCritical');
  }
}

/**
 * Spec 2.17 Suggestion modal: full-screen form with the suggestion, its priority (Nice to Have by
 * default, Important, Critical) and whether we may contact the holder (Yes by default). Spec 5: Submit
 * is disabled while the text is empty or it is sending. Once sent the form resets, Email Sent! opens
 * and the form closes.
 */
export default function SuggestionDialog({ data, open, onClose, onFinished }: SuggestionDialogProps) {
  const { t } = useTranslation('support');
  const priorityId = useId();
  const contactId = useId();
  const sender = senderOf(data);
  const [form, setForm] = useState<SuggestionForm>(EMPTY_FORM);
  const [confirmed, setConfirmed] = useState(false);
  const send = useSendSuggestion();
  const canSubmit = form.suggestion.trim() !== '' && isPriority(form.priority) && !send.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit || !sender) return;
    try {
      await send.mutateAsync(suggestionRequest(sender, form));
      setForm(EMPTY_FORM);
      send.reset();
      setConfirmed(true);
      onClose();
    } catch {
      // Shown in the form (send.error); what was typed stays.
    }
  };

  return (
    <>
      <FullScreenDialog
        open={open}
        onClose={onClose}
        title={t('suggestionTitle')}
        onExited={() => {
          if (!confirmed) onFinished?.();
        }}
      >
        <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)}>
          <Typography component="p" color="text.secondary">
            {t('suggestionIntro')}
          </Typography>
          <TextField
            required
            fullWidth
            multiline
            minRows={5}
            autoFocus
            label={t('yourSuggestion')}
            value={form.suggestion}
            onChange={(event) => setForm((current) => ({ ...current, suggestion: event.target.value }))}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
          />
          <FormControl required>
            <FormLabel id={priorityId}>{t('priority')}</FormLabel>
            <RadioGroup
              aria-labelledby={priorityId}
              name="priority"
              value={form.priority}
              onChange={(event) => {
                const priority = event.target.value;
                if (isPriority(priority)) setForm((current) => ({ ...current, priority }));
              }}
            >
              {SUGGESTION_PRIORITIES.map((priority) => (
                <FormControlLabel
                  key={priority}
                  value={priority}
                  control={<Radio />}
                  label={priorityLabel(priority)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <FormControl>
            <FormLabel id={contactId}>{t('mayWeContact')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={contactId}
              name="contactPermission"
              value={form.contactPermission ? 'yes' : 'no'}
              onChange={(event) =>
                setForm((current) => ({ ...current, contactPermission: event.target.value === 'yes' }))
              }
            >
              <FormControlLabel value="yes" control={<Radio />} label={t('yes')} />
              <FormControlLabel value="no" control={<Radio />} label={t('no')} />
            </RadioGroup>
          </FormControl>
          {send.isError && <Alert severity="error">{sendError(send.error)}</Alert>}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={form.suggestion.trim() === ''}
            loading={send.isPending}
          >
            {t('submit')}
          </Button>
        </Stack>
      </FullScreenDialog>
      <ConfirmationDialog
        open={confirmed}
        // The contract's EMAIL_SENT_MESSAGE, in the holder's language.
        title={t('emailSent')}
        message={t('suggestionThanks')}
        onClose={() => setConfirmed(false)}
        onExited={onFinished}
      />
    </>
  );
}
