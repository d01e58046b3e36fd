import { useAppData } from '../../app-data';
import { DealExtras } from './DealExtras';
import { ModulePage } from './ModulePage';
import { usePageRequest } from './use-page-request';

/** Deal (spec 2.4): the deal's modules, then its polls. */
export default function DealPage() {
  const { data } = useAppData();
  const request = usePageRequest('Deal', data);
  if (!data || !request) return null;
  const dealId = request.assignmentId;
  return (
    <ModulePage
      page="deal"
      appData={data}
      request={request}
      dealId={dealId}
      heading={(index) => index.deals.get(dealId)?.name ?? null}
    >
      <DealExtras appData={data} dealId={dealId} />
    </ModulePage>
  );
}
