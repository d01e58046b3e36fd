import { useParams } from 'react-router';
import { useAppData } from '../../app-data';
import { DealExtras } from './DealExtras';
import { ModulePage } from './ModulePage';
import { idParamOf } from './route-ids';

/** Deal (spec 2.4): the deal's modules, then its polls. */
export default function DealPage() {
  const { data } = useAppData();
  const dealId = idParamOf(useParams().dealId);
  if (!data || dealId === null) return null;
  return (
    <ModulePage
      page="deal"
      appData={data}
      request={{ type: 'deal', assignmentId: dealId, location: 'pass', dealId }}
      dealId={dealId}
      heading={(index) => index.deals.get(dealId)?.name ?? null}
    >
      <DealExtras appData={data} dealId={dealId} />
    </ModulePage>
  );
}
