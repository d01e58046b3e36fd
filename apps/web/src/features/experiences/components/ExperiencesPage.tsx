import { useLocation } from 'react-router';
import { useAppData } from '../../app-data';
import { useAssignment } from '../api/assignment';
import { ModulePage } from './ModulePage';
import { idParamOf } from './route-ids';

/**
 * Experiences (spec 2.4): the offer's modules at location pass. Without a Greeting module the page uses
 * the no-greeting style: the offer's name as a visible heading instead of the greeting's welcome.
 */
export default function ExperiencesPage() {
  const { data } = useAppData();
  const { search } = useLocation();
  // Spec 7 and demo README ambiguity 9: on Experiences a dealId query is the template context.
  const dealId = idParamOf(new URLSearchParams(search).get('dealId') ?? undefined);
  const request = { type: 'offer' as const, assignmentId: data?.offer?.id ?? 0, location: 'pass', dealId };
  // Read here too (same query, one fetch) to pick the style before the modules render.
  const { data: assignment } = useAssignment(data, request);
  if (!data?.offer) return null;
  const hasGreeting = assignment?.modules.some((module) => module.type === 'Greeting') ?? true;
  return (
    <ModulePage
      page="experiences"
      appData={data}
      request={request}
      dealId={dealId}
      heading={data.offer.name}
      emptyText="There are no experiences on this pass yet."
      rootProps={{ 'data-style': hasGreeting ? 'greeting' : 'no-greeting' }}
    />
  );
}
