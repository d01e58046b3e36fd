import CircularProgress from '@mui/material/CircularProgress';
import CssBaseline from '@mui/material/CssBaseline';
import { type ComponentType, lazy, StrictMode, Suspense, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ForgotPasswordPage } from './auth/ForgotPasswordPage';
import { ResetPasswordPage } from './auth/ResetPasswordPage';
import { SignInPage } from './auth/SignInPage';
import { PAGES } from './paths';
import { type Go, ShellContext } from './shell';

/** react-admin and every screen behind sign-in: fetched only when a signed-in page is opened. */
const AdminApp = lazy(() => import('./admin/AdminApp'));

const SIGNED_OUT_PAGES: Record<string, ComponentType> = {
  [PAGES.signIn]: SignInPage,
  [PAGES.forgotPassword]: ForgotPasswordPage,
  [PAGES.resetPassword]: ResetPasswordPage,
};

function Loading() {
  return (
    <main style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
      <CircularProgress aria-label="Loading the console" />
    </main>
  );
}

/** The signed-out page the path names, else the admin (which sends a signed-out visitor to sign-in). */
function Shell() {
  const [path, setPath] = useState(() => window.location.pathname.replace(/\/+$/, ''));
  useEffect(() => {
    const onPopState = () => setPath(window.location.pathname.replace(/\/+$/, ''));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const go = useCallback<Go>((to, options) => {
    window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', to);
    setPath(new URL(to, window.location.href).pathname.replace(/\/+$/, ''));
  }, []);
  const Page = SIGNED_OUT_PAGES[path];
  return (
    <ShellContext.Provider value={go}>
      {Page ? (
        <Page />
      ) : (
        <Suspense fallback={<Loading />}>
          <AdminApp />
        </Suspense>
      )}
    </ShellContext.Provider>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <CssBaseline />
    <Shell />
  </StrictMode>,
);
