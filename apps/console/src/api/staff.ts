import {
  type AddStaffRequest,
  consolePaths,
  type StaffList,
  type StaffMember,
  type UpdateStaffRequest,
} from '@trailpass/contract/console';
import { apiRequest, fillPath } from './http';

/**
 * A partner's staff as its owners manage them (contract: staff.ts; owners only, others get 403). The server
 * keeps at least one owner: demoting or removing the last one is refused with 409 CONFLICT and a message.
 */
export function listStaff(partnerId: number, signal?: AbortSignal): Promise<StaffList> {
  return apiRequest(fillPath(consolePaths.staff, { partnerId }), { signal });
}

/** An address without an account gets one and an invitation e-mail to choose its password. */
export function addStaff(partnerId: number, body: AddStaffRequest): Promise<StaffMember> {
  return apiRequest(fillPath(consolePaths.staff, { partnerId }), { method: 'POST', body });
}

export function changeStaffRole(
  partnerId: number,
  staffId: string,
  body: UpdateStaffRequest,
): Promise<StaffMember> {
  return apiRequest(fillPath(consolePaths.staffMember, { partnerId, staffId }), { method: 'PATCH', body });
}

/** Ends the membership; the account stays (it may work for other partners). */
export async function removeStaff(partnerId: number, staffId: string): Promise<void> {
  await apiRequest(fillPath(consolePaths.staffMember, { partnerId, staffId }), { method: 'DELETE' });
}
