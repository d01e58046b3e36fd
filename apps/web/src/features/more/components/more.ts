import type { PartnerUser } from '@trailpass/contract';

/** Up to two initials from the first and last name (else from the full name). */
export function initials(user: Pick<PartnerUser, 'first_name' | 'last_name' | 'name'>): string {
  const parts = [user.first_name, user.last_name].map((part) => part.trim()).filter(Boolean);
  const source = parts.length > 0 ? parts : user.name.trim().split(/\s+/).filter(Boolean);
  const letters = source.length > 1 ? [source[0], source.at(-1)] : source.slice(0, 1);
  return letters
    .map((part) => part?.[0] ?? '')
    .join('')
    .toUpperCase();
}

/** A phone number as a tel:/sms: target: digits and a leading plus only. */
export function phoneHref(scheme: 'tel' | 'sms', phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return `${scheme}:${digits}`;
}
