import type { DataResponse, PageModule } from '@trailpass/contract';
import { translate } from '../../../i18n';
import { formatDate, POINTS_DATE_FORMAT } from '../../../lib/dates';
import { formatPoints } from './reward-items';

export interface ModuleField {
  label: string;
  key: string | null;
  value: string | null;
}

function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** data.fields as the partner wrote them; an entry without a label has nothing to show it by. */
export function moduleFields(module: PageModule): ModuleField[] {
  const fields = module.data.fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((field): ModuleField[] => {
    if (typeof field !== 'object' || field === null) return [];
    const record = field as Record<string, unknown>;
    const label = text(record.label);
    return label ? [{ label, key: text(record.key), value: text(record.value) }] : [];
  });
}

/**
 * What a DashboardFields entry shows: the two points keys from /data, else the signed-in user's field
 * of that name, else the literal value, else N/A (in the holder's language).
 */
export function fieldValue(field: ModuleField, appData: DataResponse, locale: string): string {
  if (field.key === 'current_points') return formatPoints(appData.current_points, locale);
  if (field.key === 'next_points_expiration') {
    const next = appData.next_points_expiration;
    if (!next) return translate('modules:fieldNone');
    return translate('modules:pointsOnDate', {
      points: formatPoints(next.points, locale),
      date: formatDate(next.date, POINTS_DATE_FORMAT),
    });
  }
  const user = appData.partner_user;
  if (field.key && user && Object.hasOwn(user, field.key)) {
    const own = text((user as unknown as Record<string, unknown>)[field.key]);
    if (own !== null) return own;
  }
  return field.value ?? translate('modules:notAvailable');
}
