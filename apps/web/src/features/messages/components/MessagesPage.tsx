import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Message } from '@trailpass/contract';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import { HtmlView } from '../../../components/HtmlView';
import { PageHeading } from '../../../components/PageHeading';
import { RetryAlert } from '../../../components/ui';
import { visuallyHidden } from '../../../components/visually-hidden';
import { englishText, useTranslation } from '../../../i18n';
import { importWithTimeout } from '../../../lib/lazy';
import { useAppData } from '../../app-data';
import { type MessagesRef, useMarkRead, useMessages } from '../api/messages';
import { ageInDays, ageText, isUnread } from '../messages';
import type { MessageDialogProps } from './MessageDialog';

/** The empty list's text in English (tests); the page says it in the holder's language. */
export const NO_MESSAGES_TEXT = englishText('messages:noMessages');

const loadMessageDialog = () => importWithTimeout(() => import('./MessageDialog'));

/** When the message view's chunk cannot load (offline, a new deploy), say so and let it be closed. */
function MessageUnavailable({ open, onClose }: MessageDialogProps) {
  const { t } = useTranslation('messages');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('messageUnavailable')}</DialogTitle>
      <DialogContent>{t('messageUnavailableBody')}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

// Its own chunk (the full view and the picture code), fetched once the list is on screen.
const MessageDialog = lazy<ComponentType<MessageDialogProps>>(() =>
  loadMessageDialog().catch((error: unknown) => {
    console.warn('The message view could not be loaded', error);
    return { default: MessageUnavailable };
  }),
);

function MessageRow({ message, onOpen }: { message: Message; onOpen: (message: Message) => void }) {
  const { t } = useTranslation('messages');
  const previewId = useId();
  const unread = isUnread(message);
  const age = ageText(ageInDays(message.delivered_at));
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        onClick={() => onOpen(message)}
        aria-haspopup="dialog"
        aria-label={
          unread
            ? t('rowLabelUnread', { subject: message.subject, age })
            : t('rowLabel', { subject: message.subject, age })
        }
        aria-describedby={previewId}
        alignItems="flex-start"
        sx={{ gap: 1.5, py: 1.5, minHeight: 64 }}
      >
        <Box
          aria-hidden="true"
          data-unread-dot={unread ? 'true' : undefined}
          sx={{
            flex: 'none',
            width: 10,
            height: 10,
            mt: 0.85,
            borderRadius: '50%',
            bgcolor: unread ? 'primary.main' : 'transparent',
          }}
        />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
            <Typography
              component="p"
              variant="subtitle1"
              sx={{ flex: 1, minWidth: 0, fontWeight: unread ? 700 : 500, lineHeight: 1.35 }}
            >
              {message.subject}
            </Typography>
            <Typography component="span" variant="caption" color="text.secondary" sx={{ flex: 'none' }}>
              <time dateTime={message.delivered_at}>{age}</time>
            </Typography>
          </Box>
          <HtmlView
            html={message.message}
            variant="preview"
            id={previewId}
            className="tp-body2 tp-secondary tp-lines-2"
            style={{ marginTop: 4 }}
          />
        </Box>
      </ListItemButton>
    </ListItem>
  );
}

const SKELETON_ROWS = ['first', 'second', 'third'];

function MessagesSkeleton() {
  const { t } = useTranslation('messages');
  return (
    <Box role="status">
      <Box component="span" sx={visuallyHidden}>
        {t('loadingMessages')}
      </Box>
      <Paper variant="outlined" aria-hidden="true">
        {SKELETON_ROWS.map((key) => (
          <Box key={key} sx={{ display: 'flex', gap: 1.5, p: 2, borderBottom: 1, borderColor: 'divider' }}>
            <Skeleton variant="circular" width={10} height={10} sx={{ mt: 0.85 }} />
            <Box sx={{ flex: 1 }}>
              <Skeleton variant="text" width="70%" height={26} />
              <Skeleton variant="text" width="95%" />
              <Skeleton variant="text" width="60%" />
            </Box>
          </Box>
        ))}
      </Paper>
    </Box>
  );
}

function Messages({ messagesRef }: { messagesRef: MessagesRef }) {
  const { t } = useTranslation('messages');
  const messages = useMessages(messagesRef);
  const markRead = useMarkRead(messagesRef);
  const [openId, setOpenId] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const hasMessages = (messages.data?.length ?? 0) > 0;

  useEffect(() => {
    // Fetch the full view's chunk while the holder reads the list, so a tap opens it at once.
    if (hasMessages) void loadMessageDialog().catch(() => {});
  }, [hasMessages]);

  const openMessage = (message: Message) => {
    setOpenId(message.id);
    setOpen(true);
    if (isUnread(message)) markRead.mutate(message.id);
  };
  // From the list in the cache, so the view follows it (read_at) while open.
  const shown = messages.data?.find((message) => message.id === openId) ?? null;

  let content: ReactNode;
  if (messages.isPending) {
    content = <MessagesSkeleton />;
  } else if (messages.isError) {
    content = (
      <RetryAlert onRetry={() => void messages.refetch()} retrying={messages.isFetching}>
        {t('loadFailed')}
      </RetryAlert>
    );
  } else if (messages.data.length === 0) {
    content = (
      <Typography component="p" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {t('noMessages')}
      </Typography>
    );
  } else {
    content = (
      <Paper variant="outlined">
        <List disablePadding aria-label={t('listLabel')}>
          {messages.data.map((message) => (
            <MessageRow key={message.id} message={message} onOpen={openMessage} />
          ))}
        </List>
      </Paper>
    );
  }

  return (
    <Box sx={{ p: 2, pb: 3 }}>
      <PageHeading>{t('title')}</PageHeading>
      {content}
      {openId !== null && (
        <Suspense fallback={null}>
          <MessageDialog
            message={shown}
            open={open && shown !== null}
            onClose={() => setOpen(false)}
            onExited={() => setOpenId(null)}
          />
        </Suspense>
      )}
    </Box>
  );
}

/** Messages (spec 2.12): the holder's messages with unread dots and previews; a tap opens one. */
export default function MessagesPage() {
  const { data } = useAppData();
  // The shell's guards send anyone without a signed-in pass elsewhere before this renders.
  if (!data?.offer || !data.partner_user) return null;
  return <Messages messagesRef={{ partnerUserId: data.partner_user.id, offerId: data.offer.id }} />;
}
