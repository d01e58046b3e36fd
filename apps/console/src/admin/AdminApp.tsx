import AssessmentIcon from '@mui/icons-material/Assessment';
import BugReportIcon from '@mui/icons-material/BugReport';
import HistoryIcon from '@mui/icons-material/History';
import InboxIcon from '@mui/icons-material/Inbox';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import MailIcon from '@mui/icons-material/Mail';
import PeopleIcon from '@mui/icons-material/People';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, useEffect } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route, useLocation } from 'react-router';
import { authProvider, SIGN_IN_PATH } from '../auth/authProvider';
import { PAGES } from '../paths';
import { useGo } from '../shell';
import { AccountPage } from './account/AccountPage';
import { AuditList } from './audit/AuditList';
import { ContentPage } from './content/ContentPage';
import { createDataProvider, RESOURCES } from './dataProvider';
import { FulfilmentList } from './fulfilment/FulfilmentList';
import { HolderCreate } from './holders/HolderCreate';
import { HolderList } from './holders/HolderList';
import { HolderShow } from './holders/HolderShow';
import { HolderImport } from './holders/import/HolderImport';
import { ErrorReportList } from './inbox/ErrorReportList';
import { InboxList } from './inbox/InboxList';
import { ConsoleLayout } from './layout/ConsoleLayout';
import { ACCOUNT_PATH } from './layout/ConsoleUserMenu';
import { MessageList } from './messages/MessageList';
import { StaffList } from './staff/StaffList';
import { consoleStore, OFFER_KEY } from './store';
import { consoleTheme } from './theme';

/**
 * The message editor (tiptap and ProseMirror, about as large as react-admin itself) is its own chunk,
 * fetched when someone opens New message.
 */
const LazyMessageCreate = lazy(() =>
  import('./messages/MessageCreate').then((module) => ({ default: module.MessageCreate })),
);
function MessageCreate() {
  return (
    <Suspense fallback={<CircularProgress aria-label="Loading the message editor" sx={{ m: 4 }} />}>
      <LazyMessageCreate />
    </Suspense>
  );
}

/**
 * The reports (issue 31 item 4) with their charts (MUI X Charts) are a chunk of their own too, fetched when
 * someone opens Reports: the console's first load does not carry them.
 */
const LazyReportsPage = lazy(() =>
  import('./reports/ReportsPage').then((module) => ({ default: module.ReportsPage })),
);
function ReportsPage() {
  return (
    <Suspense fallback={<CircularProgress aria-label="Loading the reports" sx={{ m: 4 }} />}>
      <LazyReportsPage />
    </Suspense>
  );
}

const dataProvider = createDataProvider(() => consoleStore.getItem(OFFER_KEY));

/**
 * react-admin sends a signed-out visitor (checkAuth) and a signed-out staff member (logout) to
 * SIGN_IN_PATH in its own router; the entry's shell does not see that navigation, so this route hands the
 * page over to it, which unmounts the admin and shows its sign-in page.
 */
function LeaveAdmin() {
  const go = useGo();
  const location = useLocation();
  useEffect(() => {
    // react-admin says where the staff member was (its path under /console): they return there after.
    const state = location.state as { nextPathname?: unknown; nextSearch?: unknown } | null;
    const next =
      typeof state?.nextPathname === 'string'
        ? `${state.nextPathname}${typeof state.nextSearch === 'string' ? state.nextSearch : ''}`
        : '';
    go(next ? `${PAGES.signIn}?${new URLSearchParams({ next })}` : PAGES.signIn, { replace: true });
  }, [go, location.state]);
  return null;
}

/**
 * Everything behind sign-in, loaded lazily by main.tsx. The router is ours, with real paths under
 * /console (react-admin would use a hash router of its own otherwise). react-admin's sign-in page is
 * replaced by the entry's (outside this chunk).
 */
export default function AdminApp() {
  return (
    <BrowserRouter basename="/console">
      <Admin
        title="Trailpass console"
        authProvider={authProvider}
        dataProvider={dataProvider}
        store={consoleStore}
        layout={ConsoleLayout}
        theme={consoleTheme}
        // One theme, checked for contrast: no dark mode switch.
        darkTheme={null}
        loginPage={false}
        requireAuth
        disableTelemetry
      >
        <CustomRoutes noLayout>
          <Route path={SIGN_IN_PATH} element={<LeaveAdmin />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path={ACCOUNT_PATH} element={<AccountPage />} />
        </CustomRoutes>
        <Resource
          name={RESOURCES.holders}
          options={{ label: 'Holders' }}
          icon={PeopleIcon}
          list={HolderList}
          create={HolderCreate}
          show={HolderShow}
          recordRepresentation="name"
        >
          <Route path="import" element={<HolderImport />} />
        </Resource>
        <Resource
          name={RESOURCES.fulfilment}
          options={{ label: 'Fulfilment' }}
          icon={LocalShippingIcon}
          list={FulfilmentList}
        />
        {/* Issue 31 item 3: the offer's rewards, deals, venues and products, changed without an import. */}
        <Resource
          name={RESOURCES.content}
          options={{ label: 'Content' }}
          icon={Inventory2Icon}
          list={ContentPage}
        />
        {/* Issue 31 item 4: the offer's reports for a range of days, each a chart, a table and a CSV. */}
        <Resource
          name={RESOURCES.reports}
          options={{ label: 'Reports' }}
          icon={AssessmentIcon}
          list={ReportsPage}
        />
        <Resource
          name={RESOURCES.messages}
          options={{ label: 'Messages' }}
          icon={MailIcon}
          list={MessageList}
          create={MessageCreate}
        />
        <Resource name={RESOURCES.inbox} options={{ label: 'Inbox' }} icon={InboxIcon} list={InboxList} />
        <Resource
          name={RESOURCES.errors}
          options={{ label: 'Error reports' }}
          icon={BugReportIcon}
          list={ErrorReportList}
        />
        <Resource
          name={RESOURCES.audit}
          options={{ label: 'Audit log' }}
          icon={HistoryIcon}
          list={AuditList}
        />
        {/* The owners' (ConsoleMenu offers it to them only; the page tells anyone else so). */}
        <Resource
          name={RESOURCES.staff}
          options={{ label: 'Staff' }}
          icon={SupervisorAccountIcon}
          list={StaffList}
        />
      </Admin>
    </BrowserRouter>
  );
}
