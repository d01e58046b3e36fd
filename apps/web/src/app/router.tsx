import type { QueryClient } from '@tanstack/react-query';
import { APP_BASE } from '@trailpass/contract';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { useTranslation } from '../i18n';
import { pageCameWithAnswers } from '../lib/boot-reads';
import { importWithTimeout } from '../lib/lazy';
import { buildHref, type RouteName, routePaths } from '../lib/routes';
import { FullPageMessage } from './FullPageMessage';
import { HydrateFallback, RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import type { RouteHandle } from './route-handle';

type PageModule = { default: ComponentType };

/** A named, lazily loaded page (every page is its own chunk; spec 8 chunk timeout applies). */
function page(
  name: RouteName,
  load: () => Promise<PageModule>,
  extra: Omit<RouteHandle, 'name'> = {},
): RouteObject {
  const handle: RouteHandle = { name, ...extra };
  return {
    path: routePaths[name],
    handle,
    lazy: async () => {
      const module = await importWithTimeout(load);
      return { Component: module.default };
    },
  };
}

/** Pages made of modules: their data and module code start loading beside the page's own chunk. */
const MODULE_PAGES = new Set<RouteName>([
  'Experiences',
  'Explore',
  'Deal',
  'DealVenue',
  'Venue',
  'Product',
  'VenueProduct',
  'DealProduct',
  'DealVenueProduct',
  'Signup',
]);

/** The prefetch code is a chunk of its own, so the first load does not grow with it. */
const loadPrefetch = () => import('../features/experiences/api/prefetch');

/**
 * Adds a loader that starts a module page's requests beside its chunk; it returns at once, so navigation
 * never waits on it (and a prefetch that fails leaves the page to fetch and report by itself). The first
 * page of a visit that came with its answers (decision 0026) has its data and its module code named in its
 * HTML already: there the prefetch's chunk would only be one more request before the first screen.
 */
function withPrefetch(
  route: RouteObject,
  client: QueryClient | undefined,
  isFirstPage: () => boolean,
): RouteObject {
  const name = (route.handle as RouteHandle).name;
  if (!client || !MODULE_PAGES.has(name)) return route;
  return {
    ...route,
    loader: ({ params, request }) => {
      if (isFirstPage() && pageCameWithAnswers(request.url)) return null;
      void loadPrefetch().then(
        ({ prefetchModulePage }) => prefetchModulePage(client, name, params, request.url),
        () => {},
      );
      return null;
    },
  };
}

const loadProduct = () => import('../features/experiences/components/ProductPage');
const loadVenue = () => import('../features/venues/components/VenuePage');
const loadDeal = () => import('../features/experiences/components/DealPage');

export const pageRoutes: RouteObject[] = [
  page('Login', () => import('../features/login/components/LoginPage')),
  page('Signup', () => import('../features/signup/components/SignupPage')),
  page('Experiences', () => import('../features/experiences/components/ExperiencesPage'), {
    transition: 'slide-right',
  }),
  page('Deal', loadDeal),
  page('DealVenue', loadVenue),
  page('Product', loadProduct),
  page('VenueProduct', loadProduct),
  page('DealProduct', loadProduct),
  page('DealVenueProduct', loadProduct),
  page('Venue', loadVenue),
  page('Messages', () => import('../features/messages/components/MessagesPage')),
  page('Subscriptions', () => import('../features/subscriptions/components/SubscriptionsPage')),
  page('Explore', () => import('../features/experiences/components/ExplorePage')),
  page('ReviewOrder', () => import('../features/cart/components/ReviewOrderPage')),
  page('OrderHistory', () => import('../features/orders/components/OrderHistoryPage')),
  page('OrderDetails', () => import('../features/orders/components/OrderDetailsPage')),
  page('Cart', () => import('../features/cart/components/CartPage')),
  page('Rewards', () => import('../features/rewards/components/RewardsPage')),
  page('ClaimReward', () => import('../features/rewards/components/ClaimRewardPage')),
  page('RewardsHistory', () => import('../features/rewards/components/RewardsHistoryPage')),
  page('ShippingInfo', () => import('../features/rewards/components/ShippingInfoPage')),
  page('RewardsClaimed', () => import('../features/rewards/components/RewardsClaimedPage')),
  page('CommonQuestions', () => import('../features/support/components/CommonQuestionsPage')),
  page('More', () => import('../features/more/components/MorePage')),
];

/** "/" and unknown paths go to Experiences (the guards then apply), keeping t. */
function ToExperiences() {
  const { search } = useLocation();
  return <Navigate replace to={buildHref('Experiences', search)} />;
}

function RootError() {
  const { t } = useTranslation('shell');
  return (
    <FullPageMessage
      title={t('rootErrorTitle')}
      action={{ label: t('reload'), onClick: () => window.location.reload() }}
    >
      {t('rootErrorBody')}
    </FullPageMessage>
  );
}

export function appRoutes(client?: QueryClient): RouteObject[] {
  // True for the first loader that asks: the first page's, when the first page has one.
  let loaderAsked = false;
  const isFirstPage = () => {
    const first = !loaderAsked;
    loaderAsked = true;
    return first;
  };
  return [
    {
      path: '/',
      Component: RootLayout,
      HydrateFallback,
      ErrorBoundary: RootError,
      children: [
        {
          // Page errors (including a chunk that fails to load) show inside the shell.
          ErrorBoundary: RouteError,
          children: [
            { index: true, Component: ToExperiences },
            ...pageRoutes.map((route) => withPrefetch(route, client, isFirstPage)),
            { path: '*', Component: ToExperiences },
          ],
        },
      ],
    },
  ];
}

/** The app's router; with the query client, module pages prefetch (see withPrefetch). */
export function createAppRouter(client?: QueryClient) {
  return createBrowserRouter(appRoutes(client), { basename: APP_BASE });
}
