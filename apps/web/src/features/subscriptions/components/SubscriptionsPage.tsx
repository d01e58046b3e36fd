import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import type { MessageList, PartnerUser } from '@trailpass/contract';
import { type ReactNode, useId, useRef, useState } from 'react';
import { HtmlView } from '../../../components/HtmlView';
import { RetryAlert } from '../../../components/ui';
import { visuallyHidden } from '../../../components/visually-hidden';
import { englishText, useTranslation } from '../../../i18n';
import { useAppData } from '../../app-data';
import {
  type SubscriptionOutcome,
  type SubscriptionsRef,
  useMessageLists,
  useSubscriptionChanges,
} from '../api/subscriptions';

/** Spec 2.15 and 9: the snackbar's text in English (tests; it shows in the holder's language), for 2000 ms. */
export const SUBSCRIPTIONS_UPDATED = englishText('subscriptions:updated');
export const SNACKBAR_MS = 2000;

function ListRow({
  list,
  busy,
  onChange,
}: {
  list: MessageList;
  /** Its change is on its way: a second one waits (the box is not disabled, so it keeps the focus). */
  busy: boolean;
  onChange: (subscribed: boolean) => void;
}) {
  const inputId = useId();
  const descriptionId = useId();
  const hasDescription = Boolean(list.description?.trim());
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 0.5,
        py: 1,
        pr: 2,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Checkbox
        id={inputId}
        checked={list.subscribed === 1}
        onChange={(event) => {
          if (!busy) onChange(event.target.checked);
        }}
        slotProps={{
          input: {
            'aria-busy': busy || undefined,
            ...(hasDescription ? { 'aria-describedby': descriptionId } : {}),
          },
        }}
      />
      <Box sx={{ flex: 1, minWidth: 0, pt: 1.1 }}>
        {/* The name is the box's label: text and emphasis only, so nothing in it is a link. */}
        <Box
          component="label"
          htmlFor={inputId}
          sx={{ display: 'block', fontWeight: 600, cursor: 'pointer' }}
        >
          <HtmlView html={list.name} variant="preview" component="span" />
        </Box>
        {hasDescription && (
          <HtmlView
            html={list.description}
            id={descriptionId}
            className="tp-body2 tp-secondary tp-html-flush"
          />
        )}
      </Box>
    </Box>
  );
}

function ListsSkeleton() {
  const { t } = useTranslation('subscriptions');
  return (
    <Box role="status">
      <Box component="span" sx={visuallyHidden}>
        {t('loadingLists')}
      </Box>
      <Paper variant="outlined" aria-hidden="true" sx={{ p: 2 }}>
        {['first', 'second', 'third'].map((key) => (
          <Box key={key} sx={{ display: 'flex', gap: 2, py: 1 }}>
            <Skeleton variant="rounded" width={20} height={20} sx={{ mt: 0.5 }} />
            <Box sx={{ flex: 1 }}>
              <Skeleton variant="text" width="45%" />
              <Skeleton variant="text" width="80%" />
            </Box>
          </Box>
        ))}
      </Paper>
    </Box>
  );
}

function Subscriptions({
  user,
  subscriptionsRef,
}: {
  user: PartnerUser;
  subscriptionsRef: SubscriptionsRef;
}) {
  const { t } = useTranslation('subscriptions');
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lists = useMessageLists(subscriptionsRef);
  const [notice, setNotice] = useState<{ outcome: SubscriptionOutcome; key: number } | null>(null);
  const changes = useSubscriptionChanges(subscriptionsRef, (outcome) =>
    setNotice({ outcome, key: Date.now() }),
  );
  // Spec 8: when the lists cannot be read, none are shown (and nothing can be unsubscribed).
  const shown = lists.data ?? [];
  const anySubscribed = shown.some((list) => list.subscribed === 1);
  const firstName = user.first_name.trim() || user.name.trim();

  let content: ReactNode;
  if (lists.isPending) {
    content = <ListsSkeleton />;
  } else if (lists.isError) {
    content = (
      <RetryAlert severity="warning" onRetry={() => void lists.refetch()} retrying={lists.isFetching}>
        {t('loadFailed')}
      </RetryAlert>
    );
  } else if (shown.length === 0) {
    content = <Alert severity="info">{t('noLists')}</Alert>;
  } else {
    content = (
      <Paper variant="outlined">
        <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {shown.map((list) => (
            <ListRow
              key={list.id}
              list={list}
              busy={changes.pending.has(list.id)}
              onChange={(subscribed) => changes.setSubscribed(list.id, subscribed)}
            />
          ))}
        </Box>
      </Paper>
    );
  }

  return (
    <Box sx={{ p: 2, pb: 3 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
        {t('hello', { name: firstName })}
      </Typography>
      <Typography component="p" color="text.secondary" sx={{ mb: 3 }}>
        {t('intro')}
      </Typography>

      <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
        <Typography id={headingId} ref={headingRef} tabIndex={-1} component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('heading')}
        </Typography>
        {content}
      </Box>

      <Box component="section" aria-label={t('unsubscribeAllLabel')}>
        <Typography component="p" sx={{ mb: 1 }}>
          {t('unsubscribeAllText')}
        </Typography>
        <Button
          variant="outlined"
          color="primary"
          disabled={!anySubscribed}
          onClick={() => {
            if (changes.pending.size > 0) return;
            changes.unsubscribeAll(shown);
            // The button is disabled once nothing is subscribed: keep the focus near, on the lists' heading.
            headingRef.current?.focus();
          }}
          sx={{ minHeight: 48 }}
        >
          {t('unsubscribeAll')}
        </Button>
      </Box>

      <Snackbar
        key={notice?.key}
        open={notice !== null}
        autoHideDuration={SNACKBAR_MS}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setNotice(null);
        }}
        message={notice?.outcome === 'failed' ? t('notSaved') : t('updated')}
      />
    </Box>
  );
}

/** Subscriptions (spec 2.15): the holder's mailing lists, each saved as it is ticked, and Unsubscribe All. */
export default function SubscriptionsPage() {
  const { data } = useAppData();
  // The shell's guards send anyone without a signed-in pass elsewhere before this renders.
  if (!data?.offer || !data.partner_user) return null;
  return (
    <Subscriptions
      user={data.partner_user}
      subscriptionsRef={{ partnerUserId: data.partner_user.id, offerId: data.offer.id }}
    />
  );
}
