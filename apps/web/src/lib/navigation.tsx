import { type ComponentProps, useCallback } from 'react';
import { type NavigateOptions, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { buildHref, type RouteName, type RouteTarget } from './routes';

export type AppLinkTarget = RouteTarget | RouteName;

/** Href of a route that keeps the current query t. */
export function useAppHref(target: AppLinkTarget): string {
  const { search } = useLocation();
  return buildHref(target, search);
}

/** navigate() by route name that keeps the current query t. */
export function useAppNavigate() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (target: AppLinkTarget, options?: NavigateOptions) => navigate(buildHref(target, search), options),
    [navigate, search],
  );
}

export type AppLinkProps = Omit<ComponentProps<typeof RouterLink>, 'to'> & { to: AppLinkTarget };

/** Router link by route name that keeps the current query t; usable as an MUI `component`. */
export function AppLink({ to, ...props }: AppLinkProps) {
  const href = useAppHref(to);
  return <RouterLink to={href} {...props} />;
}
