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
import TranslateIcon from '@mui/icons-material/Translate';
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
import type { DataResponse, PartnerUser, PassLanguage } from '@trailpass/contract';
import {
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useId,
  useState,
  useSyncExternalStore,
} from 'react';
// libphonenumber-js comes with it: More is a lazy page, so it joins this chunk, never the initial JS.
import { displayPhone } from '../../../components/phone/phone-number';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useTranslation } from '../../../i18n';
import { activeLanguage, contentLanguage, LANGUAGE_NAMES, onLanguageChange } from '../../../i18n/language';
import { importWithTimeout } from '../../../lib/lazy';
import { AppLink, useAppNavigate } from '../../../lib/navigation';
import type { RouteName } from '../../../lib/routes';
import { clearSessionState } from '../../../lib/session';
import { dataQueryKey, showsRewards, switchLanguage, useAppData } from '../../app-data';
import { useUnreadCount } from '../../messages';
import { useSuggestionForm, useSupportChat } from '../../support';
import { useLogout } from '../api/logout';
import { LanguageDialog } from './LanguageDialog';
import { initials, phoneHref } from './more';
import type { PhoneDialogProps } from './PhoneDialog';

/** When the phone form's chunk cannot load, it says so in place of the form. */
function PhoneDialogUnavailable({ open, onClose }: PhoneDialogProps) {
  const { t } = useTranslation('more');
  return (
    <Snackbar open={open} onClose={onClose} autoHideDuration={6000} message={t('phoneFormUnavailable')} />
  );
}

// Its own chunk (the phone input and its country list), fetched when the holder first edits the number.
const PhoneDialog = lazy<ComponentType<PhoneDialogProps>>(() =>
  importWithTimeout(() => import('./PhoneDialog')).catch((error: unknown) => {
    console.warn('The phone form could not be loaded', error);
    return { default: PhoneDialogUnavailable };
  }),
);

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

function ActionEntry({
  icon,
  label,
  secondary,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  /** A second line (the language item's current language), in its own `lang` when it has one. */
  secondary?: ReactNode;
  onClick: () => void;
}) {
  return (
    <ListItem disablePadding divider>
      <ListItemButton onClick={onClick} aria-haspopup="dialog">
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText primary={label} secondary={secondary} />
      </ListItemButton>
    </ListItem>
  );
}

/**
 * The language item (issue 32, decision 0050): the language the pass is read in, in its own name; it opens
 * the chooser, which saves the choice for the signed-in holder (PUT /language) and switches.
 */
function LanguageEntry({ data }: { data: DataResponse }) {
  const { t } = useTranslation('more');
  const current = contentLanguage(useSyncExternalStore(onLanguageChange, activeLanguage, activeLanguage));
  const [open, setOpen] = useState(false);
  const [openings, setOpenings] = useState(0);
  const [notSaved, setNotSaved] = useState(false);
  const choose = async (language: PassLanguage) => {
    const saved = await switchLanguage(language, data);
    setNotSaved(!saved);
  };
  return (
    <>
      <ActionEntry
        icon={<TranslateIcon />}
        label={t('language')}
        secondary={<span lang={current}>{LANGUAGE_NAMES[current]}</span>}
        onClick={() => {
          setOpenings((count) => count + 1);
          setOpen(true);
        }}
      />
      <LanguageDialog
        key={openings}
        open={open}
        current={current}
        onClose={() => setOpen(false)}
        onChoose={choose}
      />
      <Snackbar
        open={notSaved}
        autoHideDuration={6000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setNotSaved(false);
        }}
        message={t('languageNotSaved')}
      />
    </>
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
  const { t } = useTranslation('more');
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
          aria-label={user.phone ? t('editPhoneNumber') : t('addPhoneNumber')}
          sx={{ minHeight: 40, ml: user.phone ? 0 : -0.75 }}
        >
          {user.phone ? t('edit') : t('addPhone')}
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
        message={saved.removed ? t('phoneRemoved') : t('phoneUpdated')}
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
  const { t } = useTranslation('more');
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
        {t('title')}
      </Typography>

      {show.profile && user && (
        <Box
          component="section"
          aria-label={t('yourProfile')}
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
            label={t('messages')}
            badge={unread}
            accessibleName={unread > 0 ? t('messagesUnread', { count: unread }) : undefined}
          />
          <RouteEntry to="Subscriptions" icon={<TuneIcon />} label={t('manageSubscriptions')} />
          <RouteEntry to="OrderHistory" icon={<ReceiptLongIcon />} label={t('orderHistory')} />
        </Group>
      )}

      {show.rewardsHistory && (
        <Group title={t('rewards')}>
          <RouteEntry to="RewardsHistory" icon={<HistoryIcon />} label={t('rewardsHistory')} />
        </Group>
      )}

      <Group>
        <LanguageEntry data={data} />
      </Group>

      <Group title={t('needHelp')}>
        {show.requestSupport && (
          <ActionEntry
            icon={<SupportAgentIcon />}
            label={t('requestSupport')}
            onClick={supportChat.openChat}
          />
        )}
        <RouteEntry to="CommonQuestions" icon={<QuestionAnswerIcon />} label={t('commonQuestions')} />
        {show.supportPhone && (
          <ContactEntry
            icon={<PhoneIcon />}
            label={t('call')}
            number={show.supportPhone}
            href={phoneHref('tel', show.supportPhone)}
          />
        )}
        {show.supportText && (
          <ContactEntry
            icon={<SmsIcon />}
            label={t('text')}
            number={show.supportText}
            href={phoneHref('sms', show.supportText)}
          />
        )}
      </Group>

      {show.suggestions && (
        <Group title={t('appSuggestions')}>
          <ActionEntry icon={<LightbulbIcon />} label={t('suggestFeature')} onClick={suggestion.open} />
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
          {t('signOut')}
        </Button>
      )}

      {show.requestSupport && supportChat.element}
      {show.suggestions && suggestion.element}
    </Box>
  );
}
