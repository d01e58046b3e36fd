/**
 * Test records this folder needs beyond ../test-fixtures (which covers modules, venues, deals and
 * products): the demo's reward items and order products. Tests only.
 */
import type { MediaItem, OrderProduct, RewardItem } from '@trailpass/contract';
import demoDocument from '../../../../../../demo/pass-demo.json';

interface DemoRewardItem extends Omit<RewardItem, 'media'> {
  media: MediaItem[];
}

const demo = demoDocument as unknown as { rewardItems: DemoRewardItem[] };

/** The demo's reward items of one offer, with media served under /pass/media/ as the importer does. */
export function demoRewardItems(offerId: number): RewardItem[] {
  return demo.rewardItems
    .filter((item) => item.offer_id === offerId)
    .map((item) => ({
      ...structuredClone(item),
      media: item.media.map((media) => ({
        ...media,
        url: media.url.startsWith('media/') ? `/pass/${media.url}` : media.url,
      })),
    }));
}

export function makeOrderProduct(overrides: Partial<OrderProduct> & Pick<OrderProduct, 'id'>): OrderProduct {
  return {
    product_id: 504,
    deal_id: 201,
    order_id: 7001,
    order_deal_id: 9001,
    redeemed: null,
    end_date: null,
    expire_date: null,
    duplicate_date: null,
    repeatDate: null,
    redemptions: 1,
    redemptions_remaining_use: 1,
    points_to_be_earned: null,
    ticket: null,
    ...overrides,
  };
}
