/** Public surface of the experiences feature (the venue pages and the sign-up page use it). */
export { type AssignmentAudience, assignmentAudience, useAssignment } from './api/assignment';
export { prefetchModulePage } from './api/prefetch';
export { ModulePage, type ModulePageProps } from './components/ModulePage';
export { usePageRequest } from './components/use-page-request';
