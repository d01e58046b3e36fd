import { fireEvent, screen, within } from '@testing-library/react';
import type { DataResponse } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { NO_IMAGE_URL } from '../../../components/Image';
import { makeData, makePreview } from '../../../test/fixtures';
import { makeOrderProduct } from '../components/fixtures.test-helpers';
import {
  demoProduct,
  demoVenue,
  makeAssignment,
  makeModule,
  renderWithModuleContext,
} from '../test-fixtures';
import Products from './Products';

const module = makeModule({ id: 3026, type: 'Products', data: { label: 'Available Here' } });
const DEAL_201 = [501, 502, 503, 504, 505, 506, 507, 508];

function renderDealProducts(
  overrides: Record<number, Parameters<typeof demoProduct>[1]> = {},
  appData: DataResponse = makeData(),
) {
  return renderWithModuleContext(<Products module={module} />, {
    appData,
    page: 'deal',
    dealId: 201,
    assignment: makeAssignment(
      [module],
      { products: [...DEAL_201, 510].map((id) => demoProduct(id, overrides[id])) },
      'deal',
      201,
    ),
    url: '/pass/experiences/deal/201?t=tok',
  });
}

function cardNames(): string[] {
  const list = screen.getByRole('list', { name: 'Available Here' });
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent ?? '');
}

describe('Products', () => {
  it("lists a deal's products: coupons last, then fewer redemptions, then name", () => {
    renderDealProducts();
    expect(cardNames()).toEqual([
      'Check in at Anchor & Oar Brewing',
      'Check in at Driftwood Brewing Co.',
      'Check in at Millbrook Cider House',
      'Free Tasting Flight',
      'Pint Night: $2 Off Any Pint',
      'Sunset Paddle at Lighthouse Point',
      'Brewery Tour for Two',
      '10% Off Merchandise',
    ]);
  });

  it('links each card to its product within the deal, with its venue and short description', () => {
    renderDealProducts();
    const link = screen.getByRole('link', { name: 'Free Tasting Flight' });
    expect(link).toHaveAttribute('href', '/experiences/deal/201/product/504?t=tok');
    expect(link).toHaveTextContent('Four 5-oz pours, on us.');
    expect(link).toHaveTextContent('Anchor & Oar Brewing');
  });

  it('shows the default picture when a product image is missing (product 508)', () => {
    renderDealProducts();
    const card = screen.getByRole('link', { name: 'Sunset Paddle at Lighthouse Point' });
    const img = card.querySelector('img') as HTMLImageElement;
    expect(img).toHaveAttribute('src', '/pass/media/sunset-paddle.svg');
    expect(img).toHaveAttribute('loading', 'lazy');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', NO_IMAGE_URL);
    expect(img).toHaveAttribute('data-fallback', 'true');
  });

  it('marks a product the visitor has redeemed', () => {
    renderDealProducts({ 504: { redeemedCount: 1 } });
    const redeemed = screen.getByRole('link', { name: 'Free Tasting Flight' });
    expect(within(redeemed).getByText('Redeemed')).toBeInTheDocument();
    expect(redeemed).toHaveAccessibleDescription('Redeemed');
    expect(
      within(screen.getByRole('link', { name: 'Brewery Tour for Two' })).queryByText('Redeemed'),
    ).toBeNull();
  });

  it("lists a venue's products and links them within the venue", () => {
    const venue = demoVenue(302);
    renderWithModuleContext(<Products module={module} />, {
      page: 'venue',
      venueId: 302,
      assignment: makeAssignment([module], {
        venues: [venue],
        products: venue.products.map((id) => demoProduct(id)),
      }),
    });
    expect(cardNames()).toEqual([
      'Check in at Driftwood Brewing Co.',
      'Check in at the Driftwood Summer Patio',
      'Pint Night: $2 Off Any Pint',
      'Brewery Tour for Two',
    ]);
    expect(screen.getByRole('link', { name: 'Brewery Tour for Two' })).toHaveAttribute(
      'href',
      '/experiences/venue/302/product/507?t=tok',
    );
  });

  it("keeps to the deal's products on a deal's venue page", () => {
    const venue = demoVenue(302);
    renderWithModuleContext(<Products module={module} />, {
      page: 'venue',
      venueId: 302,
      dealId: 201,
      assignment: makeAssignment([module], {
        venues: [venue],
        products: venue.products.map((id) => demoProduct(id)),
      }),
    });
    expect(cardNames()).not.toContain('Check in at the Driftwood Summer Patio');
    expect(screen.getByRole('link', { name: 'Brewery Tour for Two' })).toHaveAttribute(
      'href',
      '/experiences/deal/201/venue/302/product/507?t=tok',
    );
  });

  it('renders nothing without products', () => {
    const { container } = renderWithModuleContext(<Products module={module} />, {
      page: 'venue',
      venueId: 304,
      assignment: makeAssignment([module], { venues: [demoVenue(304, { products: [] })] }),
    });
    expect(container).toBeEmptyDOMElement();
  });

  it('offers Redeem or Check In below the link of each product the holder can use now', () => {
    const appData = makeData({
      order_deals: [
        {
          id: 9103,
          deal_id: 201,
          order_id: 7003,
          redemptions_remaining: 2,
          redemptions_made: 5,
          added_max_redemptions: 1,
          type: 'deal',
        },
      ],
      order_products: [
        makeOrderProduct({ id: 9311, product_id: 507, order_deal_id: 9103 }),
        makeOrderProduct({ id: 9306, product_id: 502, order_deal_id: 9103 }),
        makeOrderProduct({
          id: 9308,
          product_id: 504,
          order_deal_id: 9103,
          redeemed: '2026-02-20T18:00:00Z',
          redemptions_remaining_use: 0,
        }),
      ],
    });
    renderDealProducts({}, appData);
    const redeem = screen.getByRole('button', { name: 'Redeem Brewery Tour for Two' });
    const checkIn = screen.getByRole('button', { name: 'Check In Check in at Driftwood Brewing Co.' });
    // Beside the card's link, never inside it.
    expect(screen.getByRole('link', { name: 'Brewery Tour for Two' })).not.toContainElement(redeem);
    expect(redeem.closest('a')).toBeNull();
    expect(checkIn.closest('li')).toContainElement(
      screen.getByRole('link', { name: 'Check in at Driftwood Brewing Co.' }),
    );
    // Used, or not held: no button.
    expect(screen.getAllByRole('button')).toHaveLength(2);
  });

  it('offers no redeem button in a preview', () => {
    renderDealProducts({}, makePreview({ type: 'product', typeId: 507 }));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
