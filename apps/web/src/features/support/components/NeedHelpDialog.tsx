import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DataResponse } from '@trailpass/contract';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { FullScreenDialog } from '../../../components/FullScreenDialog';
import { translate, useTranslation } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { useSendNeedHelp } from '../api/support';
import { type NeedHelpOption, needHelpOptions, needHelpRequest, senderOf } from '../requests';
import { ConfirmationDialog } from './ConfirmationDialog';

export interface NeedHelpDialogProps {
  data: DataResponse;
  open: boolean;
  onClose: () => void;
  /** After the confirmation has closed (or the form closed unsent): where focus goes back. */
  onFinished?: () => void;
}

function sendError(error: unknown): string {
  if (isApiError(error, 429)) return translate('support:needHelpTooMany');
  return translate('support:needHelpFailed');
}

/**
 * What the holder sees for an option: My Account and Other in their language, a deal by its name (the
 * server's). The request still names My Account and Other in English (requests.ts), for the support team.
 */
function optionLabel(option: NeedHelpOption): string {
  if (option.value === 'account') return translate('support:myAccount');
  if (option.value === 'other') return translate('support:other');
  return option.label;
}

/**
 * Spec 2.16 Need Help: a full-screen form (Select option: My Account, each deal, Other; Enter your
 * request here; Submit, both required). Spec 4: submitting shows it loading, sends the form, then opens
 * the confirmation, closes the form and clears both fields.
 */
export default function NeedHelpDialog({ data, open, onClose, onFinished }: NeedHelpDialogProps) {
  const { t } = useTranslation('support');
  const hintId = useId();
  const options = useMemo(() => needHelpOptions(data.deals), [data.deals]);
  const sender = senderOf(data);
  const [choice, setChoice] = useState('');
  const [question, setQuestion] = useState('');
  // The confirmation keeps its text while it closes.
  const [sent, setSent] = useState({ open: false, message: '' });
  const send = useSendNeedHelp();
  const option = options.find((candidate) => candidate.value === choice);
  const complete = option !== undefined && question.trim() !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete || !option || !sender || send.isPending) return;
    try {
      const receipt = await send.mutateAsync(needHelpRequest(sender, data.deals, option, question));
      // The server's answer says the same, in the holder's language; the fallback if it says nothing.
      setSent({ open: true, message: receipt.message || t('needHelpSentFallback') });
      onClose();
      setChoice('');
      setQuestion('');
      send.reset();
    } catch {
      // Shown in the form (send.error); the fields keep what was typed.
    }
  };

  return (
    <>
      <FullScreenDialog
        open={open}
        onClose={onClose}
        title={t('needHelpTitle')}
        onExited={() => {
          if (!sent.open) onFinished?.();
        }}
      >
        <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)}>
          <Typography component="p" color="text.secondary">
            {t('needHelpIntro')}
          </Typography>
          <TextField
            select
            required
            fullWidth
            autoFocus
            label={t('selectOption')}
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
          >
            {options.map((candidate) => (
              <MenuItem key={candidate.value} value={candidate.value}>
                {optionLabel(candidate)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            required
            fullWidth
            multiline
            minRows={5}
            label={t('enterRequest')}
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
          />
          {send.isError && <Alert severity="error">{sendError(send.error)}</Alert>}
          {!complete && (
            <Typography id={hintId} component="p" variant="body2" color="text.secondary">
              {t('needHelpHint')}
            </Typography>
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!complete}
            loading={send.isPending}
            aria-describedby={complete ? undefined : hintId}
          >
            {t('submit')}
          </Button>
        </Stack>
      </FullScreenDialog>
      <ConfirmationDialog
        open={sent.open}
        title={t('requestSent')}
        message={sent.message}
        onClose={() => setSent((current) => ({ ...current, open: false }))}
        onExited={onFinished}
      />
    </>
  );
}
