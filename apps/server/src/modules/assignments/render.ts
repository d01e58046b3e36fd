import {
  assignmentData,
  assignmentResponse,
  assignmentVenue,
  product as productSchema,
  rewardItem as rewardItemSchema,
} from '@trailpass/contract';
import { EncodedJson, encodedArray, type JsonPieces, ObjectTemplate } from '../data/json-template';
import { type AssignmentPage, type LoadedAssignment, liveView } from './service';

/**
 * The assignment answer as JSON text (decision 0023, round four). A kept page is the same for every
 * request but for a few fields (distances, redemption counts, live stock), so its records are encoded
 * through the contract's schemas once per page and only those fields on each request, as GET /data does
 * (data/json-template.ts). The text equals `JSON.stringify(assignmentResponse.encode(assembleAssignment(…)))`
 * (assignments-cache.test.ts holds it to that).
 */

const VENUE_LIVE_KEYS = ['miles', 'hasSomeRedemption'] as const;
const PRODUCT_LIVE_KEYS = ['redeemedCount', 'unRedeemedCount'] as const;
const REWARD_LIVE_KEYS = ['ticketsAvailable'] as const;

/** A page's records, encoded once: the fixed lists as text, and a template for each record with live fields. */
interface PageTexts {
  assignment: EncodedJson;
  modules: EncodedJson;
  fixed: Record<'categories' | 'media' | 'deals' | 'packages' | 'perks' | 'polls', EncodedJson>;
  venues: Array<{
    venue: AssignmentPage['venues'][number];
    template: ObjectTemplate<(typeof VENUE_LIVE_KEYS)[number]>;
  }>;
  products: Array<{ id: number; template: ObjectTemplate<(typeof PRODUCT_LIVE_KEYS)[number]> }>;
  rewardItems: Array<{
    item: AssignmentPage['rewardItems'][number];
    template: ObjectTemplate<(typeof REWARD_LIVE_KEYS)[number]>;
  }>;
}

/** Texts per page object: a page read again (a new stamp) is a new object, with texts of its own. */
const textsOfPage = new WeakMap<AssignmentPage, PageTexts>();

const encoded = <T>(schema: { encode: (value: T) => unknown }, value: T) =>
  new EncodedJson(JSON.stringify(schema.encode(value)));

function encodePage(page: AssignmentPage): PageTexts {
  const { shape } = assignmentData;
  return {
    assignment: encoded(assignmentResponse.shape.assignment, page.assignment),
    modules: encoded(assignmentResponse.shape.modules, page.modules),
    fixed: {
      categories: encoded(shape.categories, page.categories),
      media: encoded(shape.media, page.media),
      deals: encoded(shape.deals, page.deals),
      packages: encoded(shape.packages, page.packages),
      perks: encoded(shape.perks, page.perks),
      polls: encoded(shape.polls, page.polls),
    },
    venues: page.venues.map((venue) => ({
      venue,
      template: new ObjectTemplate(assignmentVenue, venue, VENUE_LIVE_KEYS),
    })),
    products: page.products.map((product) => ({
      id: product.id,
      template: new ObjectTemplate(productSchema, product, PRODUCT_LIVE_KEYS),
    })),
    rewardItems: page.rewardItems.map((item) => ({
      item,
      template: new ObjectTemplate(rewardItemSchema, item, REWARD_LIVE_KEYS),
    })),
  };
}

function textsOf(page: AssignmentPage): PageTexts {
  let texts = textsOfPage.get(page);
  if (!texts) {
    texts = encodePage(page);
    textsOfPage.set(page, texts);
  }
  return texts;
}

/** Every key varies per request; each arrives already encoded. */
const dataTemplate = new ObjectTemplate(
  assignmentData,
  {},
  Object.keys(assignmentData.shape) as Array<keyof typeof assignmentData.shape>,
);
const responseTemplate = new ObjectTemplate(
  assignmentResponse,
  {},
  Object.keys(assignmentResponse.shape) as Array<keyof typeof assignmentResponse.shape>,
);

/** The answer for a loaded page as JSON: the page's texts (and their bytes) kept, the live fields made now. */
export function renderAssignmentJson({ page, live, request }: LoadedAssignment): JsonPieces {
  const texts = textsOf(page);
  const view = liveView(page, live, request);
  const data = dataTemplate.pieces({
    ...texts.fixed,
    venues: encodedArray(texts.venues.map(({ venue, template }) => template.json(view.venueExtras(venue)))),
    products: encodedArray(texts.products.map(({ id, template }) => template.json(view.productCounts(id)))),
    rewardItems: encodedArray(
      texts.rewardItems.map(({ item, template }) =>
        template.json({ ticketsAvailable: view.ticketsAvailable(item) }),
      ),
    ),
  });
  return responseTemplate.pieces({ assignment: texts.assignment, modules: texts.modules, data });
}

/** renderAssignmentJson's text. */
export function renderAssignment(loaded: LoadedAssignment): string {
  return renderAssignmentJson(loaded).text;
}
