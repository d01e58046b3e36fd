import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import LightbulbIcon from '@mui/icons-material/Lightbulb';
import LogoutIcon from '@mui/icons-material/Logout';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import PhoneIcon from '@mui/icons-material/Phone';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SmsIcon from '@mui/icons-material/Sms';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import TuneIcon from '@mui/icons-material/Tune';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { DataResponse, PartnerUser } from '@trailpass/contract';
import { type ComponentType, lazy, type ReactNode, Suspense, useId, useState } from 'react';
// libphonenumber-js comes with it: More is a lazy page, so it joins this chunk, never the initial JS.
import { displayPhone } from '../../../components/phone/phone-number';
import { visuallyHidden } from '../../../components/visually-hidden';
import { importWithTimeout } from '../../../lib/lazy';
import { AppLink, useAppNavigate } from '../../../lib/navigation';
import type { RouteName } from '../../../lib/routes';
import { clearSessionState } from '../../../lib/session';
import { dataQueryKey, showsRewards, useAppData } from '../../app-data';
import { useUnreadCount } from '../../messages';
import { useSuggestionForm, useSupportChat } from '../../support';
import { useLogout } from '../api/logout';
import { initials, phoneHref } from './more';
import type { PhoneDialogProps } from './PhoneDialog';

/** When the phone form's chunk cannot load, it says so in place of the form. */
function PhoneDialogUnavailable({ open, onClose }: PhoneDialogProps) {
  return (
    <Snackbar
      open={open}
      onClose={onClose}
      autoHideDuration={6000}
      message="The phone form could not be loaded. Check your connection and try again."
    />
  );
}

// Its own chunk (the phone input and its country list), fetched when the holder first edits the number.
const PhoneDialog = lazy<ComponentType<PhoneDialogProps>>(() =>
  importWithTimeout(() => import('./PhoneDialog')).catch((error: unknown) => {
    console.warn('The phone form could not be loaded', error);
    return { default: PhoneDialogUnavailable };
  }),
);

export const PHONE_UPDATED = 'Your phone number has been updated.';
export const PHONE_REMOVED = 'Your phone number has been removed.';

function Group({ title, children }: { title?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={title ? headingId : undefined} sx={{ mb: 2 }}>
      {title && (
        <Typography
          id={headingId}
          component="h2"
          variant="overline"
          sx={{ display: 'block', px: 1, color: 'text.secondary' }}
        >
          {title}
        </Typography>
      )}
      <Paper variant="outlined">
        <List disablePadding>{children}</List>
      </Paper>
    </Box>
  );
}

function RouteEntry({
  to,
  icon,
  label,
  accessibleName,
  badge = 0,
}: {
  to: RouteName;
  icon: ReactNode;
  label: string;
  accessibleName?: string;
  badge?: number;
}) {
  return (
    <ListItem disablePadding divider>
      <ListItemButton component={AppLink} to={to} aria-label={accessibleName}>
        <ListItemIcon>
          <Badge badgeContent={badge} color="error" invisible={badge <= 0} max={99} aria-hidden="true">
            {icon}
          </Badge>
        </ListItemIcon>
        <ListItemText primary={label} />
        <ChevronRightIcon aria-hidden="true" color="action" />
      </ListItemButton>
    </ListItem>
  );
}

function ActionEntry({ icon, label, onClick }: { icon: ReactNode; label: string; onClick: () => void }) {
  return (
    <ListItem disablePadding divider>
      <ListItemButton onClick={onClick} aria-haspopup="dialog">
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText primary={label} />
      </ListItemButton>
    </ListItem>
  );
}

function ContactEntry({
  icon,
  label,
  number,
  href,
}: {
  icon: ReactNode;
  label: string;
  number: string;
  href: string;
}) {
  return (
    <ListItem disablePadding divider>
      <ListItemButton component="a" href={href}>
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText primary={label} secondary={number} />
      </ListItemButton>
    </ListItem>
  );
}

/** The profile header's phone line and the way to change it (spec 7 Update phone), with its confirmation. */
function ProfilePhone({ user }: { user: PartnerUser }) {
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  // Each opening starts a fresh form from the number as it is now.
  const [openings, setOpenings] = useState(0);
  const [saved, setSaved] = useState<{ open: boolean; removed: boolean }>({ open: false, removed: false });
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
        {user.phone && (
          <Typography component="p" variant="body2" color="text.secondary">
            {displayPhone(user.phone)}
          </Typography>
        )}
        <Button
          size="small"
          startIcon={<EditIcon fontSize="small" />}
          onClick={() => {
            setWanted(true);
            setOpenings((count) => count + 1);
            setOpen(true);
          }}
          aria-haspopup="dialog"
          aria-label={user.phone ? 'Edit phone number' : 'Add a phone number'}
          sx={{ minHeight: 40, ml: user.phone ? 0 : -0.75 }}
        >
          {user.phone ? 'Edit' : 'Add phone'}
        </Button>
      </Box>
      {wanted && (
        <Suspense fallback={null}>
          <PhoneDialog
            key={openings}
            user={user}
            open={open}
            onClose={() => setOpen(false)}
            onSaved={(phone) => setSaved({ open: true, removed: phone === null })}
          />
        </Suspense>
      )}
      <Snackbar
        open={saved.open}
        autoHideDuration={4000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setSaved((current) => ({ ...current, open: false }));
        }}
        message={saved.removed ? PHONE_REMOVED : PHONE_UPDATED}
      />
    </>
  );
}

/** What the More page shows for this session (spec 2.11 and spec 6). */
export function moreSections(data: DataResponse) {
  const signedIn = data.partner_user !== null;
  return {
    signedIn,
    profile: signedIn,
    accountLinks: signedIn,
    rewardsHistory: signedIn && showsRewards(data),
    requestSupport: signedIn,
    suggestions: signedIn,
    signOut: signedIn,
    supportPhone: data.offer?.support_phone?.trim() || null,
    supportText: data.offer?.support_text?.trim() || null,
  };
}

/** Spec 2.11: More. */
export default function MorePage() {
  const { data } = useAppData();
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  const logout = useLogout();
  const supportChat = useSupportChat(data);
  const suggestion = useSuggestionForm(data);
  const [signingOut, setSigningOut] = useState(false);
  const unread = useUnreadCount(data);
  if (!data) return null;

  const show = moreSections(data);
  const user = data.partner_user;

  const signOut = async () => {
    setSigningOut(true);
    try {
      await logout.mutateAsync();
    } catch (error) {
      // Spec 8: logout failures are logged only.
      console.warn('Sign out failed', error);
    }
    clearSessionState();
    await queryClient.refetchQueries({ queryKey: dataQueryKey() });
    setSigningOut(false);
    navigate('Login', { replace: true });
  };

  return (
    <Box sx={{ p: 2 }}>
      <Typography component="h1" sx={visuallyHidden}>
        More
      </Typography>

      {show.profile && user && (
        <Box
          component="section"
          aria-label="Your profile"
          sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, px: 1 }}
        >
          <Avatar sx={{ bgcolor: 'primary.main', width: 56, height: 56 }} aria-hidden="true">
            {initials(user)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="p" variant="h6" noWrap>
              {user.name}
            </Typography>
            <Typography component="p" variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {user.email}
            </Typography>
            <ProfilePhone user={user} />
          </Box>
        </Box>
      )}

      {show.accountLinks && (
        <Group>
          <RouteEntry
            to="Messages"
            icon={<MailOutlineIcon />}
            label="Messages"
            badge={unread}
            accessibleName={unread > 0 ? `Messages, ${unread} unread` : undefined}
          />
          <RouteEntry to="Subscriptions" icon={<TuneIcon />} label="Manage Subscriptions" />
          <RouteEntry to="OrderHistory" icon={<ReceiptLongIcon />} label="Order History" />
        </Group>
      )}

      {show.rewardsHistory && (
        <Group title="Rewards">
          <RouteEntry to="RewardsHistory" icon={<HistoryIcon />} label="Rewards History" />
        </Group>
      )}

      <Group title="Need Help?">
        {show.requestSupport && (
          <ActionEntry icon={<SupportAgentIcon />} label="Request Support" onClick={supportChat.openChat} />
        )}
        <RouteEntry to="CommonQuestions" icon={<QuestionAnswerIcon />} label="Common Questions" />
        {show.supportPhone && (
          <ContactEntry
            icon={<PhoneIcon />}
            label="Call"
            number={show.supportPhone}
            href={phoneHref('tel', show.supportPhone)}
          />
        )}
        {show.supportText && (
          <ContactEntry
            icon={<SmsIcon />}
            label="Text"
            number={show.supportText}
            href={phoneHref('sms', show.supportText)}
          />
        )}
      </Group>

      {show.suggestions && (
        <Group title="App Suggestions">
          <ActionEntry
            icon={<LightbulbIcon />}
            label="Suggest Feature/Improvements"
            onClick={suggestion.open}
          />
        </Group>
      )}

      {show.signOut && (
        <Button
          variant="outlined"
          color="primary"
          fullWidth
          startIcon={<LogoutIcon />}
          loading={signingOut}
          onClick={() => void signOut()}
          sx={{ mt: 1 }}
        >
          Sign Out
        </Button>
      )}

      {show.requestSupport && supportChat.element}
      {show.suggestions && suggestion.element}
    </Box>
  );
}
