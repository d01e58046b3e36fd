import { useMutation } from '@tanstack/react-query';
import {
  apiPaths,
  type NeedHelpRequest,
  type SuggestionRequest,
  type SupportReceipt,
} from '@trailpass/contract';
import { apiPath, apiRequest } from '../../../lib/api-client';

/** POST /partnerUser/{id}/needHelp (spec 7 Need help): stored for support; answers a receipt. */
export function postNeedHelp(request: NeedHelpRequest): Promise<SupportReceipt> {
  return apiRequest<SupportReceipt>(apiPath(apiPaths.needHelp, { id: request.partnerUserId }), {
    method: 'POST',
    body: request,
  });
}

/** POST /partnerUser/{id}/suggestions (spec 7 Suggestion): answers "Email Sent!". */
export function postSuggestion(request: SuggestionRequest): Promise<SupportReceipt> {
  return apiRequest<SupportReceipt>(apiPath(apiPaths.suggestions, { id: request.partnerUserId }), {
    method: 'POST',
    body: request,
  });
}

export function useSendNeedHelp() {
  return useMutation({ mutationFn: postNeedHelp });
}

export function useSendSuggestion() {
  return useMutation({ mutationFn: postSuggestion });
}
