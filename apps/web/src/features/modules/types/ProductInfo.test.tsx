import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataResponse, OrderDeal } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { NO_IMAGE_URL } from '../../../components/Image';
import { mockApi } from '../../../test/api-mock';
import { makeData, makePreview, makeSignedOut } from '../../../test/fixtures';
import { preloadLazyModules } from '../../../test/preload';
import { makeOrderProduct } from '../components/fixtures.test-helpers';
import { demoProduct, makeAssignment, makeModule, renderWithModuleContext } from '../test-fixtures';
import ProductInfo from './ProductInfo';

const module = makeModule({ id: 3036, type: 'ProductInfo', data: { label: 'Details' } });

function orderDeal(remaining: number): OrderDeal {
  return {
    id: 9103,
    deal_id: 201,
    order_id: 7003,
    redemptions_remaining: remaining,
    redemptions_made: 5,
    added_max_redemptions: 1,
    type: 'deal',
  };
}

/** Ava's deal 201 orders: product 507 twice (one used), and check-in 502. */
function avaData(overrides: Partial<DataResponse> = {}): DataResponse {
  return makeData({
    order_deals: [orderDeal(2)],
    order_products: [
      makeOrderProduct({
        id: 9320,
        product_id: 507,
        order_deal_id: 9103,
        redeemed: '2026-02-20T18:00:00Z',
        redemptions_remaining_use: 0,
      }),
      makeOrderProduct({ id: 9311, product_id: 507, order_deal_id: 9103, redemptions_remaining_use: 2 }),
      makeOrderProduct({ id: 9306, product_id: 502, order_deal_id: 9103 }),
    ],
    ...overrides,
  });
}

function renderProduct(productId: number, appData: DataResponse) {
  return renderWithModuleContext(<ProductInfo module={module} />, {
    page: 'product',
    productId,
    dealId: 201,
    appData,
    assignment: makeAssignment([module], { products: [demoProduct(productId)] }, 'product', productId),
    url: `/pass/experiences/deal/201/product/${productId}?t=tok`,
  });
}

preloadLazyModules(() => import('../../redeem/components/PinPadDialog'));

describe('ProductInfo', () => {
  it('shows product 504 with its venue link and labelled details', () => {
    const { container } = renderWithModuleContext(<ProductInfo module={module} />, {
      page: 'product',
      productId: 504,
      dealId: 201,
      assignment: makeAssignment([module], { products: [demoProduct(504)] }, 'product', 504),
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Free Tasting Flight' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anchor & Oar Brewing' })).toHaveAttribute(
      'href',
      '/experiences/deal/201/venue/301?t=tok',
    );
    expect(container.querySelector('img')).toHaveAttribute('src', '/pass/media/tasting-flight.svg');
    expect(screen.getByText('Four 5-oz pours, on us.')).toBeInTheDocument();
    for (const [label, text] of [
      ['Good to know', 'One flight of four 5-oz pours.'],
      ['Restrictions', 'One flight per pass.'],
      ['How often', 'Once per pass'],
    ] as const) {
      expect(screen.getByRole('heading', { level: 3, name: label }).nextSibling).toHaveTextContent(text);
    }
  });

  it('leaves out details the product lacks, and falls back to the default picture (product 508)', () => {
    const { container } = renderWithModuleContext(<ProductInfo module={module} />, {
      page: 'product',
      productId: 508,
      assignment: makeAssignment([module], { products: [demoProduct(508)] }, 'product', 508),
    });
    expect(screen.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lighthouse Point Beach' })).toHaveAttribute(
      'href',
      '/experiences/venue/303?t=tok',
    );
    const img = container.querySelector('img') as HTMLImageElement;
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', NO_IMAGE_URL);
  });

  it('renders nothing without the page product', () => {
    const { container } = renderWithModuleContext(<ProductInfo module={module} />, {
      page: 'product',
      productId: 999,
    });
    expect(container).toBeEmptyDOMElement();
  });

  // Opening the pad loads two chunks (MUI's theme island and the dialog), given 5 s below: room for both.
  describe('redeem panel', { timeout: 20_000 }, () => {
    it('tells a holder how many they have and redeems the first one that can be used', async () => {
      const { calls } = mockApi({
        'POST /partnerUser/1001/redeem': () => ({
          status: 422,
          body: {
            error: { code: 'unprocessable', message: 'That code is not correct. Please try again.' },
            order_products: [],
            errors: ['That code is not correct. Please try again.'],
          },
        }),
      });
      renderProduct(507, avaData());
      expect(screen.getByText('You have 2 of these in your pass.')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
      const pad = await screen.findByRole('dialog', { name: 'Enter Validation Code' }, { timeout: 5000 });
      for (const digit of '0000') await userEvent.click(within(pad).getByRole('button', { name: digit }));
      await userEvent.click(within(pad).getByRole('button', { name: 'Continue' }));
      expect(await within(pad).findByRole('alert')).toHaveTextContent(
        'That code is not correct. Please try again.',
      );
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ orderProductIds: [9311] });
    });

    it('offers Check In for a check-in product', () => {
      renderProduct(502, avaData());
      expect(screen.getByText('You have 1 of these in your pass.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Check In' })).toBeInTheDocument();
    });

    it('says why none can be redeemed now, without a button', () => {
      renderProduct(507, avaData({ order_deals: [orderDeal(0)] }));
      expect(screen.getByText('You have used all the redemptions of this pass.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Redeem' })).not.toBeInTheDocument();
    });

    it('is left out for a holder without the product and for a signed-out visitor', () => {
      renderProduct(504, avaData());
      expect(screen.queryByText(/in your pass/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
    });

    it('lets a preview of the product try the pad, and nothing else in a preview', () => {
      const { unmount } = renderProduct(504, makePreview({ type: 'product', typeId: 504 }));
      expect(
        screen.getByText('Preview: try the code pad as a pass holder would. Nothing is saved.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Redeem' })).toBeInTheDocument();
      unmount();
      const other = renderProduct(507, makePreview({ type: 'product', typeId: 504 }));
      expect(within(other.container).queryByRole('button')).not.toBeInTheDocument();
      other.unmount();
      renderProduct(507, makeSignedOut());
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
    });
  });
});
