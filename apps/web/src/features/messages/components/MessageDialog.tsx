import Typography from '@mui/material/Typography';
import type { Message } from '@trailpass/contract';
import { FullScreenDialog } from '../../../components/FullScreenDialog';
import { HtmlView } from '../../../components/HtmlView';
import { Image } from '../../../components/Image';
import { ageInDays, ageText } from '../messages';

export interface MessageDialogProps {
  /** The message shown; kept while the dialog closes. */
  message: Message | null;
  open: boolean;
  onClose: () => void;
  onExited?: () => void;
}

/** Spec 2.12: a message full screen: subject, the optional image and the HTML body (sanitised). */
export default function MessageDialog({ message, open, onClose, onExited }: MessageDialogProps) {
  if (!message) return null;
  return (
    <FullScreenDialog open={open} onClose={onClose} onExited={onExited} title={message.subject}>
      <Typography component="p" variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        <time dateTime={message.delivered_at}>{ageText(ageInDays(message.delivered_at))}</time>
      </Typography>
      {message.image && (
        <Image
          src={message.image}
          alt=""
          loading="eager"
          style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 8, marginBottom: 16 }}
        />
      )}
      <HtmlView html={message.message} className="tp-body1" />
    </FullScreenDialog>
  );
}
