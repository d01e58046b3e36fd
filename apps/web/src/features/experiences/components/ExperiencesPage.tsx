import { useTranslation } from '../../../i18n';
import { useAppData } from '../../app-data';
import { useAssignment } from '../api/assignment';
import { ModulePage } from './ModulePage';
import { usePageRequest } from './use-page-request';

/**
 * Experiences (spec 2.4): the offer's modules at location pass. Without a Greeting module the page uses
 * the no-greeting style: the offer's name as a visible heading instead of the greeting's welcome.
 */
export default function ExperiencesPage() {
  const { t } = useTranslation('experiences');
  const { data } = useAppData();
  const request = usePageRequest('Experiences', data);
  // Read here too (same query, one fetch) to pick the style before the modules render.
  const { data: assignment } = useAssignment(data, request ?? { type: 'offer', assignmentId: 0 });
  if (!data?.offer || !request) return null;
  const hasGreeting = assignment?.modules.some((module) => module.type === 'Greeting') ?? true;
  return (
    <ModulePage
      page="experiences"
      appData={data}
      request={request}
      dealId={request.dealId ?? null}
      heading={data.offer.name}
      emptyText={t('noExperiences')}
      rootProps={{ 'data-style': hasGreeting ? 'greeting' : 'no-greeting' }}
    />
  );
}
