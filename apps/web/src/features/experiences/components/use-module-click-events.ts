import type { DataResponse } from '@trailpass/contract';
import { type MouseEvent, useCallback } from 'react';
import { isPreview } from '../../app-data';
import { sendAdEvent } from '../api/ad-event';

/** Route segments that name the record a link leads to. */
const LINK_IDS = [
  ['deal_id', /\/deal\/(\d+)/],
  ['venue_id', /\/venue\/(\d+)/],
  ['product_id', /\/product\/(\d+)/],
] as const;

/**
 * Spec 7 Ad event: a pass holder's tap on a link inside a module is reported with the module and what it
 * led to, so partners learn which content works. One capture listener on the page instead of one per card;
 * every module's section carries data-module-id. Previews and signed-out visitors are not counted.
 */
export function useModuleClickEvents(appData: DataResponse) {
  const partnerUserId = appData.partner_user?.id ?? null;
  const counted = partnerUserId !== null && !isPreview(appData);
  return useCallback(
    (event: MouseEvent) => {
      if (!counted || partnerUserId === null || !(event.target instanceof Element)) return;
      const link = event.target.closest('a[href]');
      const moduleId = Number(link?.closest('[data-module-id]')?.getAttribute('data-module-id'));
      if (!link || !Number.isInteger(moduleId) || moduleId <= 0) return;
      const url = link.getAttribute('href') ?? '';
      const inApp = url.startsWith('/');
      const path = url.split('?')[0] ?? '';
      const ids: Record<string, number> = {};
      for (const [key, pattern] of inApp ? LINK_IDS : []) {
        const match = pattern.exec(path);
        if (match?.[1]) ids[key] = Number(match[1]);
      }
      // The token never leaves in an event: keep the path of an in-app link, the whole address of others.
      sendAdEvent(partnerUserId, { type: 'click', module_id: moduleId, url: inApp ? path : url, ...ids });
    },
    [counted, partnerUserId],
  );
}
