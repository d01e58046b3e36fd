import {
  type AuditEntry,
  type auditPage,
  type ComposeMessageRequest,
  type CreateHolderRequest,
  consolePaths,
  type ErrorGroupPage,
  type FulfilmentPage,
  type HolderDetail,
  type HolderPage,
  type InboxItemPage,
  type MessagePage,
} from '@trailpass/contract/console';
import type { DataProvider, GetListResult } from 'react-admin';
import type { z } from 'zod';
import { onFormFields } from '../api/errors';
import { createHolder } from '../api/holders';
import { apiRequest, fillPath } from '../api/http';
import { composeMessage } from '../api/messages';
import { fulfilmentPaths, inboxPaths, messagePaths } from '../api/paths';
import {
  auditListSearch,
  errorGroupsSearch,
  fulfilmentListSearch,
  holderListSearch,
  inboxItemsSearch,
  type ListParams,
  messageListSearch,
  offerlessErrors,
} from '../api/queries';
import { listStaff } from '../api/staff';
import { MESSAGE_FORM_FIELDS } from './messages/composeRequest';
import { errorGroupRecord, fulfilmentRecord, inboxRecord } from './records';
import { requireChoice } from './scope';

type AuditPage = z.infer<typeof auditPage>;

/** The resources the console's react-admin knows; each maps to the console API below. */
export const RESOURCES = {
  holders: 'holders',
  audit: 'audit',
  fulfilment: 'fulfilment',
  messages: 'messages',
  inbox: 'inbox',
  errors: 'error-reports',
  staff: 'staff',
  /** The open offer's content and its quick edits: a page of its own (content/ContentPage), not a list. */
  content: 'content',
  /** The open offer's reports: a page of its own (reports/ReportsPage, a lazy chunk), not a list. */
  reports: 'reports',
} as const;

function unsupported(resource: string, method: string): never {
  throw new Error(`The console does not ${method} ${resource} through react-admin.`);
}

/**
 * react-admin's dataProvider over the console API (contract: @trailpass/contract/console). Holders are
 * per offer and the audit log per partner: both come from the offer the staff member has open, read from
 * the store through `storedOfferId` on every call.
 */
export function createDataProvider(storedOfferId: () => unknown): DataProvider {
  async function list(
    resource: string,
    params: ListParams & { signal?: AbortSignal },
  ): Promise<GetListResult> {
    const choice = await requireChoice(storedOfferId());
    if (resource === RESOURCES.holders) {
      const path = fillPath(consolePaths.holders, { offerId: choice.offerId });
      const page = await apiRequest<HolderPage>(`${path}?${holderListSearch(params)}`);
      return { data: page.items, total: page.total };
    }
    if (resource === RESOURCES.audit) {
      const path = fillPath(consolePaths.audit, { partnerId: choice.partnerId });
      const page = await apiRequest<AuditPage>(`${path}?${auditListSearch(params)}`);
      return { data: page.items satisfies AuditEntry[], total: page.total };
    }
    if (resource === RESOURCES.staff) {
      // The whole staff in one answer, by e-mail address (the server neither pages nor sorts it).
      const staff = await listStaff(choice.partnerId, params.signal);
      return { data: staff.items, total: staff.total };
    }
    const offerId = choice.offerId;
    if (resource === RESOURCES.fulfilment) {
      const path = fillPath(fulfilmentPaths.queue, { offerId });
      const page = await apiRequest<FulfilmentPage>(`${path}?${fulfilmentListSearch(params)}`);
      return { data: page.items.map(fulfilmentRecord), total: page.total };
    }
    if (resource === RESOURCES.messages) {
      const path = fillPath(messagePaths.messages, { offerId });
      const page = await apiRequest<MessagePage>(`${path}?${messageListSearch(params)}`);
      return { data: page.items, total: page.total };
    }
    if (resource === RESOURCES.inbox) {
      const path = fillPath(inboxPaths.items, { offerId });
      const page = await apiRequest<InboxItemPage>(`${path}?${inboxItemsSearch(params)}`);
      return { data: page.items.map(inboxRecord), total: page.total };
    }
    if (resource === RESOURCES.errors) {
      // A provider admin's "Without an offer" (ERROR_SCOPE_FILTER): the reports of no partner.
      const path = offerlessErrors(params.filter)
        ? inboxPaths.providerErrors
        : fillPath(inboxPaths.errors, { offerId });
      const page = await apiRequest<ErrorGroupPage>(`${path}?${errorGroupsSearch(params)}`);
      return { data: page.items.map(errorGroupRecord), total: page.total };
    }
    return unsupported(resource, 'list');
  }

  async function holder(id: unknown, signal?: AbortSignal): Promise<HolderDetail> {
    const choice = await requireChoice(storedOfferId());
    const path = fillPath(consolePaths.holder, { offerId: choice.offerId, holderId: String(id) });
    return apiRequest<HolderDetail>(path, { signal });
  }

  const provider: DataProvider = {
    getList: (resource, params) => list(resource, params),

    async getOne(resource, params) {
      if (resource !== RESOURCES.holders) return unsupported(resource, 'read one of');
      // biome-ignore lint/suspicious/noExplicitAny: react-admin's record type is generic over the resource
      return { data: (await holder(params.id, params.signal)) as any };
    },

    async create(resource, params) {
      const choice = await requireChoice(storedOfferId());
      if (resource === RESOURCES.holders) {
        const created = await createHolder(choice.offerId, params.data as CreateHolderRequest);
        // biome-ignore lint/suspicious/noExplicitAny: react-admin's record type is generic over the resource
        return { data: created as any };
      }
      if (resource === RESOURCES.messages) {
        const sent = await composeMessage(choice.offerId, params.data as ComposeMessageRequest).catch(
          (error: unknown) => {
            throw onFormFields(error, MESSAGE_FORM_FIELDS);
          },
        );
        // biome-ignore lint/suspicious/noExplicitAny: react-admin's record type is generic over the resource
        return { data: sent as any };
      }
      return unsupported(resource, 'create');
    },

    // The message form's holder picker shows the chosen holder by id (react-admin's ReferenceInput).
    async getMany(resource, params) {
      if (resource !== RESOURCES.holders) return unsupported(resource, 'read several of');
      const found = await Promise.all(params.ids.map((id) => holder(id, params.signal)));
      // biome-ignore lint/suspicious/noExplicitAny: react-admin's record type is generic over the resource
      return { data: found as any[] };
    },
    getManyReference: (resource) => unsupported(resource, 'read references of'),
    update: (resource) => unsupported(resource, 'update'),
    updateMany: (resource) => unsupported(resource, 'update several of'),
    delete: (resource) => unsupported(resource, 'delete'),
    deleteMany: (resource) => unsupported(resource, 'delete several of'),
  };
  return provider;
}
