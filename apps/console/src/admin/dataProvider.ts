import {
  type AuditEntry,
  type auditPage,
  type CreateHolderRequest,
  consolePaths,
  type HolderDetail,
  type HolderPage,
} from '@trailpass/contract/console';
import type { DataProvider, GetListResult } from 'react-admin';
import type { z } from 'zod';
import { createHolder } from '../api/holders';
import { apiRequest, fillPath } from '../api/http';
import { auditListSearch, holderListSearch, type ListParams } from '../api/queries';
import { requireChoice } from './scope';

type AuditPage = z.infer<typeof auditPage>;

/** The resources the console's react-admin knows; each maps to the console API below. */
export const RESOURCES = { holders: 'holders', audit: 'audit' } as const;

function unsupported(resource: string, method: string): never {
  throw new Error(`The console does not ${method} ${resource} through react-admin.`);
}

/**
 * react-admin's dataProvider over the console API (contract: @trailpass/contract/console). Holders are
 * per offer and the audit log per partner: both come from the offer the staff member has open, read from
 * the store through `storedOfferId` on every call.
 */
export function createDataProvider(storedOfferId: () => unknown): DataProvider {
  async function list(resource: string, params: ListParams): Promise<GetListResult> {
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
    return unsupported(resource, 'list');
  }

  const provider: DataProvider = {
    getList: (resource, params) => list(resource, params),

    async getOne(resource, params) {
      if (resource !== RESOURCES.holders) return unsupported(resource, 'read one of');
      const choice = await requireChoice(storedOfferId());
      const path = fillPath(consolePaths.holder, { offerId: choice.offerId, holderId: String(params.id) });
      // biome-ignore lint/suspicious/noExplicitAny: react-admin's record type is generic over the resource
      return { data: (await apiRequest<HolderDetail>(path, { signal: params.signal })) as any };
    },

    async create(resource, params) {
      if (resource !== RESOURCES.holders) return unsupported(resource, 'create');
      const choice = await requireChoice(storedOfferId());
      const created = await createHolder(choice.offerId, params.data as CreateHolderRequest);
      // biome-ignore lint/suspicious/noExplicitAny: react-admin's record type is generic over the resource
      return { data: created as any };
    },

    getMany: (resource) => unsupported(resource, 'read several of'),
    getManyReference: (resource) => unsupported(resource, 'read references of'),
    update: (resource) => unsupported(resource, 'update'),
    updateMany: (resource) => unsupported(resource, 'update several of'),
    delete: (resource) => unsupported(resource, 'delete'),
    deleteMany: (resource) => unsupported(resource, 'delete several of'),
  };
  return provider;
}
