import { useQuery } from '@tanstack/react-query';
import type { DataResponse } from '@trailpass/contract';
import { type ReactNode, useMemo } from 'react';
import { Alert, ButtonLink, cx, RetryAlert, Skeleton } from '../../../components/ui';
import { useTranslation } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { useFirstScreenShown } from '../../../lib/first-screen';
import { useUserLocation } from '../../../lib/location';
import {
  type AssignmentIndex,
  indexAssignment,
  ModuleContextProvider,
  type ModulePageKind,
} from '../../modules/context';
import { ModuleList } from '../../modules/ModuleList';
import { type AssignmentRequest, useAssignment } from '../api/assignment';
import { moduleChunksQueryOptions } from '../api/module-chunks';
import { hasInfoModule, pageModules } from './default-modules';
import { useModuleClickEvents } from './use-module-click-events';

export interface ModulePageProps {
  page: ModulePageKind;
  appData: DataResponse;
  request: AssignmentRequest;
  dealId?: number | null;
  venueId?: number | null;
  productId?: number | null;
  /**
   * The page's h1 (the entity's name), or how to find it in the loaded data; shown only when no module
   * names the place itself.
   */
  heading: string | null | ((index: AssignmentIndex) => string | null);
  /** Controls the first tab group (the Venue route's tab index). */
  activeTab?: number;
  onTabChange?: (index: number) => void;
  /** Shown when the page has no modules at all (Experiences, Explore). */
  emptyText?: string;
  /** Below the modules (a deal's polls). */
  children?: ReactNode;
  /** Leave the page out instead of showing an error (a part of another page, such as the sign-up page). */
  quietErrors?: boolean;
  /** Extra attributes on the page root (the Experiences style). */
  rootProps?: Record<`data-${string}`, string>;
}

function PageSkeleton() {
  const { t } = useTranslation('experiences');
  return (
    <div role="status" aria-busy="true" aria-label={t('loading')} className="tp-stack tp-gap-2 tp-p-2">
      <Skeleton height={200} />
      <Skeleton variant="text" width="60%" height={32} />
      <Skeleton height={96} />
      <Skeleton height={96} />
    </div>
  );
}

/** A page made of the modules of an assignment (spec 2.4): loading, errors, default layout, context. */
export function ModulePage(props: ModulePageProps) {
  const { page, appData, request, activeTab, onTabChange, emptyText, children, rootProps } = props;
  const { t } = useTranslation('experiences');
  const query = useAssignment(appData, request);
  const location = useUserLocation(appData.partner_user?.id ?? null);
  const onClickCapture = useModuleClickEvents(appData);
  const assignment = query.data;
  const index = useMemo(() => (assignment ? indexAssignment(assignment) : null), [assignment]);
  const modules = useMemo(
    () => (assignment ? pageModules(assignment, request.type) : []),
    [assignment, request.type],
  );
  const chunks = useQuery({ ...moduleChunksQueryOptions(modules), enabled: assignment !== undefined });

  const heading = typeof props.heading === 'function' ? (index ? props.heading(index) : null) : props.heading;
  const loading = query.isPending || (assignment !== undefined && chunks.isPending);
  useFirstScreenShown(!loading);
  if (loading) return <PageSkeleton />;
  if (query.isError || !assignment || !index) {
    if (props.quietErrors) return null;
    const notFound = isApiError(query.error, 404);
    return (
      <div className="tp-p-2">
        {heading && <h1 className="tp-h5 tp-module-page-error-heading">{heading}</h1>}
        {notFound ? (
          <Alert
            severity="info"
            action={
              <ButtonLink color="inherit" size="small" to="Experiences">
                {t('experiences')}
              </ButtonLink>
            }
          >
            {t('pageNotInPass')}
          </Alert>
        ) : (
          <RetryAlert onRetry={() => void query.refetch()} retrying={query.isFetching}>
            {t('pageLoadFailed')}
          </RetryAlert>
        )}
      </div>
    );
  }

  const headingHidden = hasInfoModule(modules);

  return (
    <ModuleContextProvider
      value={{
        page,
        appData,
        assignment,
        index,
        dealId: props.dealId ?? null,
        venueId: props.venueId ?? null,
        productId: props.productId ?? null,
        location,
      }}
    >
      <div className="tp-module-page" onClickCapture={onClickCapture} {...rootProps}>
        {heading && (
          <h1 className={cx('tp-h5', headingHidden ? 'tp-sr-only' : 'tp-bold tp-module-page-heading')}>
            {heading}
          </h1>
        )}
        {modules.length > 0 ? (
          <ModuleList
            modules={modules}
            {...(activeTab === undefined ? {} : { activeTab })}
            {...(onTabChange ? { onTabChange } : {})}
          />
        ) : (
          <Alert severity="info" className="tp-module-page-empty">
            {emptyText ?? t('nothingToShow')}
          </Alert>
        )}
        {children}
      </div>
    </ModuleContextProvider>
  );
}
