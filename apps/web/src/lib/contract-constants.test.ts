import * as contract from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import * as local from './contract-constants';

describe('zod-free copies of the contract constants', () => {
  it('equal the contract values', () => {
    expect(local.API_BASE).toBe(contract.API_BASE);
    expect(local.APP_BASE).toBe(contract.APP_BASE);
    expect(local.API_VERSION).toBe(contract.API_VERSION);
    expect(local.TOKEN_HEADER).toBe(contract.TOKEN_HEADER);
    expect(local.API_VERSION_HEADER).toBe(contract.API_VERSION_HEADER);
    for (const [key, path] of Object.entries(local.apiPaths)) {
      expect(contract.apiPaths[key as keyof typeof contract.apiPaths]).toBe(path);
    }
  });
});
