import { useMutation } from '@tanstack/react-query';
import { apiPaths, type ShareResponse } from '@trailpass/contract';
import { apiPath, apiRequest } from '../../../lib/api-client';

/** GET /partnerUser/{id}/share?dealId&offerId (spec 7 Share): what to hand to the share sheet. */
export function fetchShare(
  partnerUserId: number,
  offerId: number,
  dealId: number | null,
): Promise<ShareResponse> {
  return apiRequest<ShareResponse>(apiPath(apiPaths.share, { id: partnerUserId }), {
    query: { offerId, dealId: dealId ?? undefined },
  });
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled';

/**
 * Asks the server what to share, then opens the system share sheet, or copies the link where there is
 * none (desktop browsers). A share the user closes is not an error.
 */
export async function shareOffer(
  partnerUserId: number,
  offerId: number,
  dealId: number | null,
): Promise<ShareOutcome> {
  const share = await fetchShare(partnerUserId, offerId, dealId);
  const payload: ShareData = {
    title: share.title,
    text: share.text,
    ...(share.url ? { url: share.url } : {}),
  };
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(payload);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      throw error;
    }
  }
  await navigator.clipboard.writeText([share.text, share.url].filter(Boolean).join(' '));
  return 'copied';
}

export function useShare(partnerUserId: number | null, offerId: number | null, dealId: number | null) {
  return useMutation({
    mutationFn: () => {
      if (partnerUserId === null || offerId === null) throw new Error('Sign in to share.');
      return shareOffer(partnerUserId, offerId, dealId);
    },
  });
}
