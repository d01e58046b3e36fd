import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { DataResponse } from '@trailpass/contract';
import { type ReactNode, useMemo } from 'react';
import { visuallyHidden } from '../../../components/visually-hidden';
import { isApiError } from '../../../lib/api-client';
import { useUserLocation } from '../../../lib/location';
import { AppLink } from '../../../lib/navigation';
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
  return (
    <Stack spacing={2} sx={{ p: 2 }} aria-busy="true" aria-label="Loading">
      <Skeleton variant="rounded" height={200} />
      <Skeleton variant="text" width="60%" height={32} />
      <Skeleton variant="rounded" height={96} />
      <Skeleton variant="rounded" height={96} />
    </Stack>
  );
}

/** A page made of the modules of an assignment (spec 2.4): loading, errors, default layout, context. */
export function ModulePage(props: ModulePageProps) {
  const { page, appData, request, activeTab, onTabChange, emptyText, children, rootProps } = props;
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
  if (query.isPending || (assignment && chunks.isPending)) return <PageSkeleton />;
  if (query.isError || !assignment || !index) {
    if (props.quietErrors) return null;
    const notFound = isApiError(query.error, 404);
    return (
      <Box sx={{ p: 2 }}>
        {heading && (
          <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
            {heading}
          </Typography>
        )}
        <Alert
          severity={notFound ? 'info' : 'error'}
          action={
            notFound ? (
              <Button color="inherit" size="small" component={AppLink} to="Experiences">
                Experiences
              </Button>
            ) : (
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                Try again
              </Button>
            )
          }
        >
          {notFound
            ? 'This page is not part of your pass.'
            : 'This page could not be loaded. Check your connection and try again.'}
        </Alert>
      </Box>
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
      <Box sx={{ pb: 3 }} onClickCapture={onClickCapture} {...rootProps}>
        {heading && (
          <Typography
            component="h1"
            variant="h5"
            sx={headingHidden ? visuallyHidden : { fontWeight: 600, px: 2, pt: 2, pb: 1 }}
          >
            {heading}
          </Typography>
        )}
        {modules.length > 0 ? (
          <ModuleList
            modules={modules}
            {...(activeTab === undefined ? {} : { activeTab })}
            {...(onTabChange ? { onTabChange } : {})}
          />
        ) : (
          <Alert severity="info" sx={{ m: 2 }}>
            {emptyText ?? 'There is nothing to show here yet.'}
          </Alert>
        )}
        {children}
      </Box>
    </ModuleContextProvider>
  );
}
