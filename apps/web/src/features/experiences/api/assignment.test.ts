import type { AssignmentResponse } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { makeData, makePreview, makeSignedOut } from '../../../test/fixtures';
import { emptyAssignmentData } from '../../modules/test-fixtures';
import { assignmentAudience, fetchAssignment } from './assignment';

const EMPTY: AssignmentResponse = { assignment: null, modules: [], data: emptyAssignmentData() };

describe('assignmentAudience', () => {
  it('is the holder form for a signed-in user, preview and unregistered forms otherwise', () => {
    expect(assignmentAudience(makeData())).toEqual({ kind: 'holder', partnerUserId: 1001, offerId: 101 });
    expect(assignmentAudience(makePreview({ type: 'product', typeId: 504 }))).toEqual({ kind: 'preview' });
    expect(assignmentAudience(makeSignedOut({ isUnregisteredLink: true, offer: null }))).toEqual({
      kind: 'unregistered',
    });
    expect(assignmentAudience(makeSignedOut())).toBeNull();
    expect(assignmentAudience(undefined)).toBeNull();
  });
});

describe('fetchAssignment', () => {
  it('calls the holder path with offerId and the page deal', async () => {
    window.history.replaceState(null, '', '/pass/experiences/venue/301?t=tok');
    const path = '/partnerUser/1001/modules/assignment/venue/assignmentId/301/location/pass';
    const { calls } = mockApi({ [`GET ${path}`]: () => ({ status: 200, body: EMPTY }) });
    await expect(
      fetchAssignment(
        { kind: 'holder', partnerUserId: 1001, offerId: 101 },
        { type: 'venue', assignmentId: 301, dealId: 201 },
      ),
    ).resolves.toEqual(EMPTY);
    expect(calls[0]?.url.searchParams.get('offerId')).toBe('101');
    expect(calls[0]?.url.searchParams.get('dealId')).toBe('201');
    expect(calls[0]?.url.searchParams.get('t')).toBe('tok');
  });

  it('calls the preview and unregistered paths with offerId 0', async () => {
    window.history.replaceState(null, '', '/pass/experiences?t=tok');
    const { calls } = mockApi({
      'GET /preview/modules/assignment/product/assignmentId/504/location/pass': () => ({
        status: 200,
        body: EMPTY,
      }),
      'GET /unregistered/modules/assignment/venue/assignmentId/301/location/pass': () => ({
        status: 200,
        body: EMPTY,
      }),
    });
    await fetchAssignment({ kind: 'preview' }, { type: 'product', assignmentId: 504 });
    await fetchAssignment({ kind: 'unregistered' }, { type: 'venue', assignmentId: 301 });
    expect(calls.map((call) => call.url.searchParams.get('offerId'))).toEqual(['0', '0']);
  });
});
