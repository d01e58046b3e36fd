import { useTranslation } from '../../../i18n';
import { useAppData } from '../../app-data';
import { ModulePage } from './ModulePage';
import { usePageRequest } from './use-page-request';

/** Explore (spec 2.4): the offer's modules at location explore. */
export default function ExplorePage() {
  const { t } = useTranslation('experiences');
  const { data } = useAppData();
  const request = usePageRequest('Explore', data);
  if (!data || !request) return null;
  return (
    <ModulePage
      page="explore"
      appData={data}
      request={request}
      heading={t('explore')}
      emptyText={t('nothingToExplore')}
    />
  );
}
