import {
  addStaffRequest,
  consolePaths,
  consoleSession,
  partnerParams,
  staffList,
  staffMember,
  staffParams,
  updateStaffRequest,
} from '@trailpass/contract/console';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ConsoleContext } from '../context';
import { consoleErrorResponses } from '../errors';
import { csrfTokenOf, scopeOf, staffOf } from '../staff-auth';
import {
  addStaffMember,
  changeStaffRole,
  loadConsoleSession,
  loadStaffList,
  removeStaffMember,
  type StaffWrite,
} from './service';

/** Managing a partner's staff is the owner's (issue 30). */
const OWNERS_ONLY = { console: { scope: 'partner', minRole: 'owner' } } as const;
const STAFF_ERRORS = consoleErrorResponses(400, 401, 403, 404);

export async function staffRoutes(scope: FastifyInstance, context: ConsoleContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  routes.get(
    consolePaths.session,
    {
      config: { console: { scope: 'session' } },
      schema: {
        operationId: 'consoleGetSession',
        summary: 'The signed-in staff member, the partners and offers they work on, and the CSRF token',
        description:
          'Every unsafe console call must send csrfToken back in the x-csrf-token header. 401 ' +
          'UNAUTHENTICATED when signed out (sign in with POST /console/api/auth/sign-in/email).',
        tags: ['console'],
        response: { 200: consoleSession, ...consoleErrorResponses(401) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      reply.header('cache-control', 'no-store');
      return loadConsoleSession(context.db, staff, csrfTokenOf(context.secret, staff.sessionId));
    },
  );

  const write = (request: FastifyRequest): StaffWrite => ({
    staff: staffOf(request),
    partnerId: scopeOf(request).partnerId,
    now: context.now(),
  });

  routes.get(
    consolePaths.staff,
    {
      config: OWNERS_ONLY,
      schema: {
        operationId: 'consoleListStaff',
        summary: 'The partner’s staff with their roles (owners only)',
        description: 'lockedUntil is set while the address is locked after too many wrong passwords.',
        tags: ['console'],
        params: partnerParams,
        response: { 200: staffList, ...STAFF_ERRORS },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return loadStaffList(context.db, scopeOf(request).partnerId, context.now());
    },
  );

  routes.post(
    consolePaths.staff,
    {
      config: OWNERS_ONLY,
      schema: {
        operationId: 'consoleAddStaff',
        summary: 'Add someone to the partner’s staff (owners only)',
        description:
          'An address without an account gets one and an e-mail with a link to choose its password (7 ' +
          'days); an existing account keeps its password. 409 CONFLICT when already on the staff.',
        tags: ['console'],
        params: partnerParams,
        body: addStaffRequest,
        response: { 201: staffMember, ...STAFF_ERRORS, ...consoleErrorResponses(409) },
      },
    },
    async (request, reply) => {
      const added = await addStaffMember(
        context.db,
        context.auth,
        context.mail,
        write(request),
        request.body,
      );
      return reply.code(201).send(added);
    },
  );

  routes.patch(
    consolePaths.staffMember,
    {
      config: OWNERS_ONLY,
      schema: {
        operationId: 'consoleChangeStaffRole',
        summary: 'Change a staff member’s role (owners only)',
        description: '409 CONFLICT when it would leave the partner without an owner.',
        tags: ['console'],
        params: staffParams,
        body: updateStaffRequest,
        response: { 200: staffMember, ...STAFF_ERRORS, ...consoleErrorResponses(409) },
      },
    },
    async (request) => changeStaffRole(context.db, write(request), request.params.staffId, request.body),
  );

  routes.delete(
    consolePaths.staffMember,
    {
      config: OWNERS_ONLY,
      schema: {
        operationId: 'consoleRemoveStaff',
        summary: 'Remove someone from the partner’s staff (owners only; the account stays)',
        description: '409 CONFLICT for the partner’s last owner.',
        tags: ['console'],
        params: staffParams,
        response: { 204: z.null().describe('Removed.'), ...STAFF_ERRORS, ...consoleErrorResponses(409) },
      },
    },
    async (request, reply) => {
      await removeStaffMember(context.db, write(request), request.params.staffId);
      return reply.code(204).send(null);
    },
  );
}
