import { describe, expect, it } from 'vitest';
import { afterSignIn } from './paths';

describe('afterSignIn', () => {
  it('returns to the console page the visitor was sent from', () => {
    expect(afterSignIn('?next=%2Fholders%2F1005%2Fshow')).toBe('/console/holders/1005/show');
    expect(afterSignIn(`?${new URLSearchParams({ next: '/audit?page=2' })}`)).toBe('/console/audit?page=2');
  });

  it('goes to the start for anything that is not a console page', () => {
    expect(afterSignIn('')).toBe('/console/');
    expect(afterSignIn('?next=https%3A%2F%2Fevil.example')).toBe('/console/');
    expect(afterSignIn('?next=%2F%2Fevil.example')).toBe('/console/');
    expect(afterSignIn('?next=%2F%5Cevil.example')).toBe('/console/');
    expect(afterSignIn('?next=%2Fsign-in')).toBe('/console/');
  });
});
