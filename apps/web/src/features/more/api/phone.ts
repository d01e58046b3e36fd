import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type DataResponse, type PartnerUser, type UpdatePhoneRequest } from '@trailpass/contract';
import { apiPath, apiRequest } from '../../../lib/api-client';
import { dataQueryKey } from '../../app-data';

/** POST /partnerUser/{id}/update {phone} (spec 7 Update phone): E.164 or null; answers the partner user. */
export function postPhone(partnerUserId: number, phone: UpdatePhoneRequest['phone']): Promise<PartnerUser> {
  return apiRequest<PartnerUser>(apiPath(apiPaths.updatePartnerUser, { id: partnerUserId }), {
    method: 'POST',
    body: { phone } satisfies UpdatePhoneRequest,
  });
}

/** Saves the holder's phone; the answer replaces the holder in /data, so every page shows it at once. */
export function useUpdatePhone(partnerUserId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phone: string | null) => postPhone(partnerUserId, phone),
    onSuccess: (user) => {
      queryClient.setQueryData<DataResponse>(dataQueryKey(), (data) =>
        data ? { ...data, partner_user: user } : data,
      );
    },
  });
}
