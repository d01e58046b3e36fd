import Backdrop from '@mui/material/Backdrop';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { DataResponse } from '@trailpass/contract';
import {
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../../i18n';
import { importWithTimeout } from '../../../lib/lazy';
import { supportChatContext, supportChatWidget } from '../support-chat';
import type { NeedHelpDialogProps } from './NeedHelpDialog';
import type { SuggestionDialogProps } from './SuggestionDialog';

interface FormDialogProps {
  data: DataResponse;
  open: boolean;
  onClose: () => void;
  onFinished?: () => void;
}

/** When a form's chunk cannot load (offline, a new deploy): say so and let it be closed. */
function FormUnavailable({
  title,
  open,
  onClose,
  onFinished,
}: Omit<FormDialogProps, 'data'> & { title: string }) {
  const { t } = useTranslation('support');
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={onFinished ? { transition: { onExited: onFinished } } : {}}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{t('formUnavailable')}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function NeedHelpUnavailable(props: FormDialogProps) {
  const { t } = useTranslation('support');
  return <FormUnavailable title={t('needHelpTitle')} {...props} />;
}

function SuggestionUnavailable(props: FormDialogProps) {
  const { t } = useTranslation('support');
  return <FormUnavailable title={t('suggestionTitle')} {...props} />;
}

// Each form is its own chunk, fetched the first time someone opens it.
const NeedHelpDialog = lazy<ComponentType<NeedHelpDialogProps>>(() =>
  importWithTimeout(() => import('./NeedHelpDialog')).catch((error: unknown) => {
    console.warn('The Need Help form could not be loaded', error);
    return { default: NeedHelpUnavailable };
  }),
);
const SuggestionDialog = lazy<ComponentType<SuggestionDialogProps>>(() =>
  importWithTimeout(() => import('./SuggestionDialog')).catch((error: unknown) => {
    console.warn('The suggestion form could not be loaded', error);
    return { default: SuggestionUnavailable };
  }),
);

/** While a form's chunk loads: a spinner over the page, announced. */
function Loading() {
  const { t } = useTranslation('support');
  return (
    <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }}>
      <CircularProgress color="inherit" aria-label={t('loadingForm')} />
    </Backdrop>
  );
}

/**
 * A lazily loaded form dialog: open() shows it (loading its chunk the first time); when it is done
 * (its confirmation closed, or it closed unsent) focus goes back to what opened it, if nothing else
 * took it.
 */
function useFormDialog(Form: ComponentType<FormDialogProps>, data: DataResponse | undefined) {
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const show = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setWanted(true);
    setOpen(true);
  };
  const finished = () => {
    const active = document.activeElement;
    if (!active || active === document.body) opener.current?.focus();
  };
  const element: ReactNode =
    wanted && data ? (
      <Suspense fallback={open ? <Loading /> : null}>
        <Form data={data} open={open} onClose={() => setOpen(false)} onFinished={finished} />
      </Suspense>
    ) : null;
  return { show, element };
}

/**
 * The support chat (spec 2.11 Request Support, 2.16 Chat with us now) through its adapter: a plugged-in
 * widget is started with the holder's details and opened; without one, the Need Help form opens.
 * `element` must be rendered (it holds the form).
 */
export function useSupportChat(data: DataResponse | undefined): { openChat: () => void; element: ReactNode } {
  const needHelp = useFormDialog(NeedHelpDialog as ComponentType<FormDialogProps>, data);
  const context = data ? supportChatContext(data) : null;
  const userId = context?.user.id ?? null;
  const contextRef = useRef(context);
  contextRef.current = context;
  useEffect(() => {
    const widget = supportChatWidget();
    if (widget && userId !== null && contextRef.current) widget.start(contextRef.current);
  }, [userId]);

  const openChat = () => {
    const widget = supportChatWidget();
    if (widget && contextRef.current) widget.open();
    else needHelp.show();
  };
  return { openChat, element: needHelp.element };
}

/** Spec 2.17: the suggestion form. `element` must be rendered (it holds the form). */
export function useSuggestionForm(data: DataResponse | undefined): { open: () => void; element: ReactNode } {
  const suggestion = useFormDialog(SuggestionDialog as ComponentType<FormDialogProps>, data);
  return { open: suggestion.show, element: suggestion.element };
}
