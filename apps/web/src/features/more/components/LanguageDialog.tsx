import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { PassLanguage } from '@trailpass/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { LANGUAGE_NAMES, PASS_LANGUAGES } from '../../../i18n/language';

export interface LanguageDialogProps {
  open: boolean;
  /** The language the pass is read in now (checked as the dialog opens: a new key for each opening). */
  current: PassLanguage;
  onClose: () => void;
  /** Saves and switches; the dialog closes once it has. */
  onChoose: (language: PassLanguage) => Promise<void>;
}

/**
 * The More page's language chooser (issue 32, decision 0050): a radio group of the languages, each in its own
 * name and marked with its `lang` (a screen reader says "Deutsch" in German), arrow keys to move, Save to
 * keep the choice. The pseudo-locale is not offered.
 */
export function LanguageDialog({ open, current, onClose, onChoose }: LanguageDialogProps) {
  const { t } = useTranslation('more');
  const titleId = useId();
  const textId = useId();
  const [chosen, setChosen] = useState<PassLanguage>(current);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen === current) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      await onChoose(chosen);
    } finally {
      setSaving(false);
    }
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{t('language')}</DialogTitle>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogContent>
          <DialogContentText id={textId} sx={{ mb: 1 }}>
            {t('languageDescription')}
          </DialogContentText>
          <RadioGroup
            aria-labelledby={titleId}
            name="language"
            value={chosen}
            onChange={(_event, value) => setChosen(value as PassLanguage)}
          >
            {PASS_LANGUAGES.map((language) => (
              <FormControlLabel
                key={language}
                value={language}
                control={<Radio />}
                label={<span lang={language}>{LANGUAGE_NAMES[language]}</span>}
                sx={{ minHeight: 48 }}
              />
            ))}
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving} sx={{ minHeight: 48 }}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={saving} sx={{ minHeight: 48 }}>
            {t('common:save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
