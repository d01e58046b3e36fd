import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import GpsFixedIcon from '@mui/icons-material/GpsFixed';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import InstallMobileIcon from '@mui/icons-material/InstallMobile';
import StarsIcon from '@mui/icons-material/Stars';
import StorefrontIcon from '@mui/icons-material/Storefront';
import WhereToVoteIcon from '@mui/icons-material/WhereToVote';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { DataResponse } from '@trailpass/contract';
import { type ComponentType, useId, useMemo } from 'react';
import { HtmlView } from '../../../components/HtmlView';
import { Image } from '../../../components/Image';
import { PageHeading } from '../../../components/PageHeading';
import { englishText, useTranslation } from '../../../i18n';
import { useAppData } from '../../app-data';
import { commonQuestions, type GuidePlatform, guidePlatform, type QuestionEntry } from '../faqs';
import type { GuideStep } from '../guides/guides';
import { useSupportChat } from './launchers';

/** The empty page's text in English (tests); the page says it in the holder's language. */
export const NO_QUESTIONS_TEXT = englishText('support:noQuestions');

/** The FAQ icons (Material Design Icons names, as the partner tools store them) the app knows. */
const ICONS: Record<string, ComponentType<{ fontSize?: 'small' | 'medium'; color?: 'primary' }>> = {
  'mdi-cellphone-arrow-down': InstallMobileIcon,
  'mdi-crosshairs-gps': GpsFixedIcon,
  'mdi-map-marker-check': WhereToVoteIcon,
  'mdi-store-clock': StorefrontIcon,
  'mdi-star-circle': StarsIcon,
};

function GuideSteps({ steps, platform }: { steps: readonly GuideStep[]; platform: GuidePlatform }) {
  const { t } = useTranslation('support');
  return (
    <Box>
      <Typography component="p" variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {platform === 'ios' ? t('onIos') : t('onAndroid')}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
        {steps.map((step) => (
          <Box component="li" key={step.label} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
            <Image
              src={step.image}
              alt=""
              style={{
                flex: 'none',
                width: 96,
                height: 72,
                objectFit: 'contain',
                background: 'var(--tp-hover)',
                borderRadius: 4,
              }}
            />
            <Box sx={{ minWidth: 0 }}>
              <Typography component="p" variant="overline" color="primary" sx={{ lineHeight: 1.6 }}>
                {step.label}
              </Typography>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                {step.header}
              </Typography>
              {step.message && (
                <Typography component="p" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {step.message}
                </Typography>
              )}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function QuestionItem({ entry, platform }: { entry: QuestionEntry; platform: GuidePlatform }) {
  const summaryId = useId();
  const detailsId = useId();
  const Icon = (entry.icon && ICONS[entry.icon]) || HelpOutlineIcon;
  return (
    <Accordion
      disableGutters
      variant="outlined"
      slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: true } }}
      sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}
    >
      <AccordionSummary
        id={summaryId}
        aria-controls={detailsId}
        expandIcon={<ExpandMoreIcon aria-hidden="true" />}
        sx={{ minHeight: 56, '& .MuiAccordionSummary-content': { alignItems: 'center', gap: 1.5 } }}
      >
        <Icon color="primary" aria-hidden="true" />
        <Typography component="span" sx={{ fontWeight: 500 }}>
          {entry.question}
        </Typography>
      </AccordionSummary>
      {/* MUI wraps this in a region named by the summary, with the aria-controls id. */}
      <AccordionDetails>
        {entry.kind === 'guide' ? (
          <GuideSteps steps={entry.steps} platform={platform} />
        ) : (
          // A plain answer: partner HTML, sanitised; nested questions come as a <dl> inside it (tp-faq-answer).
          <HtmlView html={entry.answer} className="tp-body1 tp-faq-answer" />
        )}
      </AccordionDetails>
    </Accordion>
  );
}

function StillHaveQuestions({ data }: { data: DataResponse }) {
  const { t } = useTranslation('support');
  const headingId = useId();
  const chat = useSupportChat(data);
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ mt: 3, p: 2.5, textAlign: 'center', bgcolor: 'action.hover' }}
    >
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
        {t('stillHaveQuestions')}
      </Typography>
      <Typography component="p" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        {t('happyToHelp')}
      </Typography>
      <Button variant="contained" startIcon={<ChatIcon />} onClick={chat.openChat} aria-haspopup="dialog">
        {t('chatWithUs')}
      </Button>
      {chat.element}
    </Paper>
  );
}

/**
 * CommonQuestions (spec 2.16): the offer's FAQs, the built-in guides on phones and tablets, and for a
 * signed-in holder the way to the support chat (the Need Help form when no chat widget is plugged in).
 */
export default function CommonQuestionsPage() {
  // Also renders the guides' steps again when the language changes (their texts are read as shown).
  const { t } = useTranslation('support');
  const { data } = useAppData();
  const platform = useMemo(() => guidePlatform(), []);
  const entries = useMemo(
    () => commonQuestions(data?.offer?.faqs ?? [], platform),
    [data?.offer?.faqs, platform],
  );
  if (!data) return null;
  return (
    <Box sx={{ p: 2, pb: 3 }}>
      <PageHeading>{t('commonQuestions')}</PageHeading>
      {entries.length === 0 ? (
        <Alert severity="info">{t('noQuestions')}</Alert>
      ) : (
        <Box>
          {entries.map((entry) => (
            <QuestionItem key={entry.id} entry={entry} platform={platform} />
          ))}
        </Box>
      )}
      {data.partner_user && <StillHaveQuestions data={data} />}
    </Box>
  );
}
