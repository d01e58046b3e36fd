import { PARTNER_ROLES } from '@trailpass/contract/console';
import { describe, expect, it } from 'vitest';
import { isPartnerRole, nameOf, ROLES, toAddStaffRequest } from './staffForm';

describe('toAddStaffRequest', () => {
  it('trims the address and name and keeps the role', () => {
    expect(toAddStaffRequest({ email: '  ana@brew.test ', name: ' Ana ', role: 'manager' })).toEqual({
      request: { email: 'ana@brew.test', name: 'Ana', role: 'manager' },
    });
  });

  it('leaves out an empty name (the server names the account after the address)', () => {
    expect(toAddStaffRequest({ email: 'ana@brew.test', name: '   ', role: 'viewer' })).toEqual({
      request: { email: 'ana@brew.test', role: 'viewer' },
    });
  });

  it('refuses a missing or malformed address, a long name and an unknown role, each on its field', () => {
    expect(toAddStaffRequest({ email: ' ', name: '', role: 'owner' })).toEqual({
      errors: { email: 'Enter the e-mail address of the person to add.' },
    });
    expect(toAddStaffRequest({ email: 'ana@brew', name: 'x'.repeat(101), role: 'admin' })).toEqual({
      errors: {
        email: 'Enter a valid e-mail address.',
        name: 'The name is too long (at most 100 characters).',
        role: 'Choose a role.',
      },
    });
    expect(toAddStaffRequest({ email: `${'a'.repeat(250)}@b.cd`, name: '', role: 'owner' })).toEqual({
      errors: { email: 'The e-mail address is too long.' },
    });
  });

  it('offers exactly the contract’s partner roles', () => {
    expect([...ROLES]).toEqual([...PARTNER_ROLES]);
    expect(isPartnerRole('provider_admin')).toBe(false);
  });
});

describe('nameOf', () => {
  it('names a member with their address, or by the address alone when it is their name or they have none', () => {
    expect(nameOf({ name: 'Ana Lind', email: 'ana@brew.test' })).toBe('Ana Lind (ana@brew.test)');
    expect(nameOf({ name: 'ana@brew.test', email: 'ana@brew.test' })).toBe('ana@brew.test');
    expect(nameOf({ name: ' ', email: 'ana@brew.test' })).toBe('ana@brew.test');
  });
});
