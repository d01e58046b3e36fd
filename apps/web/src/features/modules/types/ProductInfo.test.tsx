import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NO_IMAGE_URL } from '../../../components/Image';
import { demoProduct, makeAssignment, makeModule, renderWithModuleContext } from '../test-fixtures';
import ProductInfo from './ProductInfo';

const module = makeModule({ id: 3036, type: 'ProductInfo', data: { label: 'Details' } });

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
});
