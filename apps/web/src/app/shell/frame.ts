import type { RouteName } from '../../lib/routes';

/** Spec 2.3: every page has the top bar but Pass Login and the sign-up page. */
export const hasTopBar = (route: RouteName | null) => route !== 'Login' && route !== 'Signup';
