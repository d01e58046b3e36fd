import type { ComposeMessageRequest } from '@trailpass/contract/console';
import { wallTimeToInstant } from './zonedTime';

/** The compose form's values (react-admin's form state). */
export interface ComposeValues {
  title?: unknown;
  html?: unknown;
  audience?: unknown;
  holderId?: unknown;
  when?: unknown;
  sendAtLocal?: unknown;
}

/** Request fields whose input on the form has another name (for the server's field errors). */
export const MESSAGE_FORM_FIELDS: Record<string, string> = { sendAt: 'sendAtLocal' };

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** An editor that holds no text (tiptap leaves `<p></p>` behind when everything is deleted). */
export function isEmptyHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}

/**
 * Checks the schedule: a wall time in the partner's zone that exists there and lies ahead. Returns the
 * message to show on the field, or undefined.
 */
export function checkSendAt(value: unknown, timeZone: string, now = Date.now()): string | undefined {
  const text = str(value);
  if (!text) return 'Choose the date and time to send it.';
  const instant = wallTimeToInstant(text, timeZone);
  if (!instant) return `This time does not exist in ${timeZone} (the clocks skip it). Choose another.`;
  if (Date.parse(instant) <= now) return 'Choose a time in the future.';
  return undefined;
}

/**
 * The form's values as the contract's request: to every holder (no holderId) or to the one picked, now
 * (no sendAt) or at the wall time read in the partner's zone. The form's validators ran first; the server
 * checks it all again.
 */
export function toComposeRequest(values: ComposeValues, timeZone: string): ComposeMessageRequest {
  const holderId = Number(values.holderId);
  const sendAt = values.when === 'later' ? wallTimeToInstant(str(values.sendAtLocal), timeZone) : null;
  return {
    title: str(values.title).trim(),
    html: str(values.html),
    holderId: values.audience === 'holder' && Number.isInteger(holderId) && holderId > 0 ? holderId : null,
    sendAt,
  };
}
