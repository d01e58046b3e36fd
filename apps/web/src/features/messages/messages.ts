import type { Message } from '@trailpass/contract';
import { translate } from '../../i18n';

const DAY_MS = 86_400_000;

/** Spec 2.12 and 9: a message's age is the whole days since delivered_at (0 on its first day). */
export function ageInDays(deliveredAt: string, now: number = Date.now()): number {
  const delivered = Date.parse(deliveredAt);
  if (Number.isNaN(delivered)) return 0;
  return Math.max(0, Math.floor((now - delivered) / DAY_MS));
}

/** The age as the list shows it, in the holder's language. */
export function ageText(days: number): string {
  if (days === 0) return translate('messages:today');
  return translate('messages:daysAgo', { count: days });
}

export function isUnread(message: Pick<Message, 'read_at'>): boolean {
  return message.read_at === null;
}
