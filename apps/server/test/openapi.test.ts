import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/plugins/env';
import { createTestApp, type TestApp } from './helpers';

// The published OpenAPI document (issue 27, decision 0032): what an integrator generates a client from.

let t: TestApp;
/** The document as served at /pass/api/openapi.json. */
let served: string;

beforeAll(async () => {
  t = await createTestApp({ importDemo: false });
  const res = await t.app.inject({ method: 'GET', url: '/pass/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  served = res.body;
});

afterAll(async () => {
  await t?.close();
});

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Operation {
  operationId?: string;
  responses?: Record<string, unknown>;
}

function operationsOf(document: { paths: Record<string, Record<string, Operation>> }) {
  return Object.entries(document.paths).flatMap(([url, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${url}`, operation })),
  );
}

describe('OpenAPI document', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: served, absoluteRef: 'openapi.json', config });
    const readable = problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`,
    );
    expect(readable).toEqual([]);
  });

  // Renaming one breaks every client generated from the document: the list changes only on purpose.
  it('names every operation with a stable, unique camelCase operationId', () => {
    const operations = operationsOf(JSON.parse(served));
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(
      operations.filter(({ operation }) => !/^[a-z][A-Za-z0-9]*$/.test(operation.operationId ?? '')),
    ).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(
      Object.fromEntries(operations.map(({ name, operation }) => [name, operation.operationId])),
    ).toEqual({
      'GET /pass/api/health': 'getHealth',
      'GET /pass/api/data': 'getPassData',
      'POST /pass/api/login': 'logIn',
      'POST /pass/api/login/code': 'logInWithCode',
      'POST /pass/api/login/lost-link': 'sendLostPassLink',
      'POST /pass/api/logout': 'logOut',
      'POST /pass/api/sessions/visitor': 'startVisitorSession',
      'POST /pass/api/events/page-view': 'recordPageView',
      'POST /pass/api/events/error': 'reportAppError',
      'GET /pass/api/manifest.webmanifest': 'getManifest',
      'GET /pass/api/partnerUser/{id}/messages/unreadCount': 'getUnreadMessageCount',
      'GET /pass/api/partnerUser/{id}/messages': 'getMessages',
      'PUT /pass/api/partnerUser/{id}/messages/{messageId}': 'markMessageRead',
      'GET /pass/api/partnerUser/{id}/messageLists': 'getMessageLists',
      'PUT /pass/api/partnerUser/{id}/messageLists/{listId}': 'setMessageListSubscription',
      'PUT /pass/api/language': 'setPassLanguage',
      'POST /pass/api/partnerUser/{id}/suggestions': 'sendSuggestion',
      'POST /pass/api/partnerUser/{id}/needHelp': 'sendNeedHelpRequest',
      'POST /pass/api/partnerUser/{id}/update': 'updatePhoneNumber',
      'GET /pass/api/partnerUser/{id}/orders': 'getOrders',
      'GET /pass/api/partnerUser/{id}/orders/{orderId}': 'getOrder',
      'GET /pass/api/partnerUser/{id}/share': 'getShareContent',
      'POST /pass/api/partnerUser/{id}/event': 'recordAdEvent',
      'GET /pass/api/partnerUser/{id}/poll/{pollId}': 'getPoll',
      'GET /pass/api/partnerUser/{id}/poll/{pollId}/results': 'getPollResults',
      'POST /pass/api/partnerUser/{id}/poll/{pollId}/vote': 'voteInPoll',
      'POST /pass/api/partnerUser/{id}/redeem': 'redeem',
      'POST /pass/api/partnerUser/{id}/checkIn': 'checkIn',
      'POST /pass/api/preview/redeem': 'previewRedeem',
      'POST /pass/api/preview/checkIn': 'previewCheckIn',
      'GET /pass/api/partnerUser/{id}/points/current': 'getCurrentPoints',
      'GET /pass/api/partnerUser/{id}/points/history': 'getPointsHistory',
      'GET /pass/api/partnerUser/{id}/rewards': 'getRewards',
      'GET /pass/api/availableDates': 'getAvailableDates',
      'GET /pass/api/availableTimes': 'getAvailableTimes',
      'GET /pass/api/pickupPoints': 'getPickupPoints',
      'POST /pass/api/partnerUser/{id}/itemDates': 'setItemDates',
      'PUT /pass/api/partnerUser/{id}/orders/{orderId}/{itemType}/{itemId}/distribution':
        'setOrderDistribution',
      'POST /pass/api/partnerUser/{id}/distributions': 'setOrderDistributions',
      'POST /pass/api/cart': 'createCart',
      'GET /pass/api/cart/{orderId}': 'getCart',
      'PUT /pass/api/cart/{orderId}': 'updateCart',
      'POST /pass/api/cart/{orderId}/items': 'addCartItem',
      'PUT /pass/api/cart/{orderId}/keepOrderAlive': 'keepCartAlive',
      'PUT /pass/api/cart/{orderId}/complete': 'completeCart',
      'PUT /pass/api/cart/{orderId}/{itemType}/{itemId}': 'updateCartItem',
      'DELETE /pass/api/cart/{orderId}/{itemType}/{itemId}': 'removeCartItem',
      'GET /pass/api/partnerUser/{id}/modules/assignment/{type}/assignmentId/{assignmentId}/location/{location}':
        'getAssignment',
      'GET /pass/api/preview/modules/assignment/{type}/assignmentId/{assignmentId}/location/{location}':
        'getPreviewAssignment',
      'GET /pass/api/unregistered/modules/assignment/{type}/assignmentId/{assignmentId}/location/{location}':
        'getUnregisteredAssignment',
      'GET /pass/api/partnerUser/{id}/moduleAssignment/{moduleAssignment}': 'getModuleAssignment',
      'GET /pass/api/preview/moduleAssignment/{moduleAssignment}': 'getPreviewModuleAssignment',
      'GET /products/{productId}': 'getProduct',
      'GET /messageLists': 'getOfferMessageLists',
      // The partner console (issue 30).
      'GET /console/api/session': 'consoleGetSession',
      'GET /console/api/offers/{offerId}/holders': 'consoleListHolders',
      'POST /console/api/offers/{offerId}/holders': 'consoleCreateHolder',
      'GET /console/api/offers/{offerId}/holders/{holderId}': 'consoleGetHolder',
      'POST /console/api/offers/{offerId}/holders/{holderId}/points': 'consoleAdjustHolderPoints',
      'POST /console/api/offers/{offerId}/holders/{holderId}/link': 'consoleIssueHolderLink',
      'DELETE /console/api/offers/{offerId}/holders/{holderId}/link': 'consoleRevokeHolderLinks',
      'POST /console/api/offers/{offerId}/holders/{holderId}/link/email': 'consoleEmailHolderLink',
      'GET /console/api/partners/{partnerId}/audit': 'consoleListAudit',
      'GET /console/api/partners/{partnerId}/staff': 'consoleListStaff',
      'POST /console/api/partners/{partnerId}/staff': 'consoleAddStaff',
      'PATCH /console/api/partners/{partnerId}/staff/{staffId}': 'consoleChangeStaffRole',
      'DELETE /console/api/partners/{partnerId}/staff/{staffId}': 'consoleRemoveStaff',
      'GET /console/api/offers/{offerId}/fulfilment': 'consoleListFulfilment',
      'POST /console/api/offers/{offerId}/fulfilment/{itemId}/ship': 'consoleMarkItemShipped',
      'POST /console/api/offers/{offerId}/fulfilment/{itemId}/picked-up': 'consoleMarkItemPickedUp',
      'POST /console/api/offers/{offerId}/fulfilment/{itemId}/cancel': 'consoleCancelItem',
      'GET /console/api/offers/{offerId}/messages': 'consoleListMessages',
      'POST /console/api/offers/{offerId}/messages': 'consoleComposeMessage',
      'DELETE /console/api/offers/{offerId}/messages/{messageId}': 'consoleCancelMessage',
      'POST /console/api/offers/{offerId}/holders/import/preview': 'consolePreviewHolderImport',
      'POST /console/api/offers/{offerId}/holders/import': 'consoleApplyHolderImport',
      'GET /console/api/offers/{offerId}/inbox/items': 'consoleListInboxItems',
      'PATCH /console/api/offers/{offerId}/inbox/items/{kind}/{itemId}': 'consoleSetInboxItemHandled',
      'GET /console/api/offers/{offerId}/inbox/errors': 'consoleListErrorGroups',
      'PATCH /console/api/offers/{offerId}/inbox/errors/{fingerprint}': 'consoleSetErrorGroupHandled',
      'GET /console/api/inbox/errors': 'consoleListOfferlessErrorGroups',
      'PATCH /console/api/inbox/errors/{fingerprint}': 'consoleSetOfferlessErrorGroupHandled',
      'GET /console/api/offers/{offerId}/content': 'consoleGetContent',
      'PATCH /console/api/offers/{offerId}/content/rewards/{rewardId}': 'consoleUpdateReward',
      'PATCH /console/api/offers/{offerId}/content/deals/{dealId}': 'consoleUpdateDeal',
      'PUT /console/api/offers/{offerId}/content/venues/{venueId}/code': 'consoleRotateVenueCode',
      'POST /console/api/offers/{offerId}/content/preview-links': 'consoleIssuePreviewLink',
      'GET /console/api/offers/{offerId}/content/export': 'consoleExportContent',
      'POST /console/api/offers/{offerId}/content/dry-run': 'consoleDryRunContentImport',
      'POST /console/api/offers/{offerId}/content/imports': 'consoleApplyContentImport',
      'GET /console/api/offers/{offerId}/content/versions': 'consoleListContentVersions',
      'GET /console/api/offers/{offerId}/content/versions/{versionId}/download':
        'consoleDownloadContentVersion',
      'POST /console/api/offers/{offerId}/content/versions/{versionId}/dry-run':
        'consoleDryRunContentRestore',
      'POST /console/api/offers/{offerId}/content/versions/{versionId}/restore':
        'consoleRestoreContentVersion',
      'GET /console/api/offers/{offerId}/reports/{report}': 'consoleGetReport',
      'GET /console/api/offers/{offerId}/reports/{report}/csv': 'consoleDownloadReport',
    });
  });

  it('asks a console call for the staff session, and an unsafe one for the CSRF token too', () => {
    const document = JSON.parse(served);
    expect(document.paths['/console/api/offers/{offerId}/holders'].get.security).toEqual([
      { consoleSession: [] },
    ]);
    expect(document.paths['/console/api/offers/{offerId}/holders'].post.security).toEqual([
      { consoleSession: [], consoleCsrf: [] },
    ]);
    expect(Object.keys(document.paths).filter((url) => url.startsWith('/console/api/auth'))).toEqual([]);
  });

  it('keeps both forms of offerId on the assignment lookups (an id, or 0 on the preview forms)', () => {
    const document = JSON.parse(served);
    const parameters: { name: string; schema: unknown }[] =
      document.paths['/pass/api/preview/moduleAssignment/{moduleAssignment}'].get.parameters;
    expect(parameters.find((parameter) => parameter.name === 'offerId')?.schema).toEqual({
      anyOf: [
        { type: 'string', pattern: '^[1-9][0-9]{0,9}$' },
        { type: 'string', enum: ['0'] },
      ],
    });
  });

  // An integrator generates types with openapi-typescript and calls the API with them: the call below must
  // type-check, and the two marked misuses must not (an unused @ts-expect-error fails the check too).
  it('gives openapi-typescript types that a client call type-checks against', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'trailpass-openapi-types-'));
    try {
      await writeFile(path.join(dir, 'openapi.ts'), astToString(await openapiTS(JSON.parse(served))));
      await writeFile(path.join(dir, 'client.ts'), CLIENT);
      await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify(CLIENT_TSCONFIG));
      const tsc = path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
      const check = await promisify(execFile)(process.execPath, [tsc, '-p', dir]).then(
        () => '',
        (error: { stdout?: string; message: string }) => error.stdout || error.message,
      );
      expect(check).toBe('');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

const CLIENT_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023', 'DOM'],
    module: 'ESNext',
    moduleResolution: 'bundler',
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    types: [],
  },
  files: ['client.ts'],
};

const CLIENT = `import type { operations, paths } from './openapi';

type ListOrders = paths['/pass/api/partnerUser/{id}/orders']['get'];
type OrderHistory = ListOrders['responses'][200]['content']['application/json'];
type ErrorAnswer = ListOrders['responses'][404]['content']['application/json'];
type CompletedCart = operations['completeCart']['responses'][200]['content']['application/json'];

export async function getOrders(
  base: string,
  token: string,
  id: number,
  query: ListOrders['parameters']['query'],
): Promise<OrderHistory> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  const res = await fetch(\`\${base}/pass/api/partnerUser/\${id}/orders?\${search}\`, {
    headers: { 'X-Pass-Token': token, 'X-Pass-Api-Version': '1' },
  });
  if (!res.ok) throw new Error(((await res.json()) as ErrorAnswer).error.message);
  return (await res.json()) as OrderHistory;
}

export async function newestOrderStatus(base: string, token: string): Promise<string | undefined> {
  const history = await getOrders(base, token, 7, { offerId: '1', page: '2' });
  const pages: number = Math.ceil(history.total / history.display);
  // @ts-expect-error: an order history has no such field
  console.log(pages, history.nextPage);
  // @ts-expect-error: offerId is required
  await getOrders(base, token, 7, {});
  return history.data[0]?.status;
}

export const completedOrderId = (answer: CompletedCart): number => answer.order.id;
`;
