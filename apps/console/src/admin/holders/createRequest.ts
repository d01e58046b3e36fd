import type { CreateHolderRequest } from '@trailpass/contract/console';

/**
 * The form's values as the contract's request: an empty phone is no phone. The server checks every field
 * again (createHolderRequest) and its per-field messages are shown on the fields (dataProvider: body.errors).
 */
export function toCreateHolderRequest(values: Record<string, unknown>): CreateHolderRequest {
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string).trim() : '');
  const phone = text('phone').replace(/[\s()-]/g, '');
  return {
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: text('email'),
    phone: phone === '' ? null : phone,
    contactPermission: values.contactPermission === true,
  };
}
