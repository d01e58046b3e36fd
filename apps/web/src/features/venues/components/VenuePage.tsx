import { APP_BASE } from '@trailpass/contract';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { buildHref } from '../../../lib/routes';
import { useAppData } from '../../app-data';
import { ModulePage, usePageRequest } from '../../experiences';

/** The Venue route's optional tab segment: a small whole number, default 0 (spec 2.1). */
function tabParamOf(value: string | undefined): number {
  return value !== undefined && /^[0-9]{1,3}$/.test(value) ? Number(value) : 0;
}

/**
 * Venue and DealVenue (spec 2.1, 2.4): the venue's modules. On the Venue route the optional tab segment
 * selects the tab, and choosing a tab writes it into the address bar so a reload or a shared link opens
 * the same tab. That write replaces the history entry without a router navigation: a tab is not a new
 * page, so it must not scroll to the top or count as a page view.
 */
export default function VenuePage() {
  const { data } = useAppData();
  const params = useParams();
  const request = usePageRequest('Venue', data);
  const venueId = request?.assignmentId ?? null;
  const dealId = request?.dealId ?? null;
  const routeTab = tabParamOf(params.tab);
  const [tab, setTab] = useState(routeTab);
  // A link to the same venue with another tab is a navigation: follow it.
  useEffect(() => setTab(routeTab), [routeTab]);
  if (!data || !request || venueId === null) return null;

  const onVenueRoute = dealId === null;
  const chooseTab = (index: number) => {
    setTab(index);
    const href = buildHref({ name: 'Venue', params: { venueId, tab: index } }, window.location.search);
    window.history.replaceState(window.history.state, '', `${APP_BASE}${href}`);
  };
  return (
    <ModulePage
      page="venue"
      appData={data}
      request={request}
      dealId={dealId}
      venueId={venueId}
      heading={(index) => index.venues.get(venueId)?.name ?? null}
      {...(onVenueRoute ? { activeTab: tab, onTabChange: chooseTab } : {})}
    />
  );
}
