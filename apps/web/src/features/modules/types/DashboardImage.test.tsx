import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAssignment, makeMedia, makeModule, renderWithModuleContext } from '../test-fixtures';
import DashboardImage from './DashboardImage';

const banner = makeModule({ id: 3041, type: 'DashboardImage', data: { media: [2016, 2017] } });
const fields = makeModule({ id: 3042, type: 'DashboardFields', data: {} });
const media = [
  makeMedia({ id: 2017, url: '/pass/media/second.svg' }),
  makeMedia({ id: 2016, url: '/pass/media/rewards-banner.svg', name: 'Lakeshore Rewards' }),
];

describe('DashboardImage', () => {
  it('shows the first named image as a banner, eager as the first module', () => {
    renderWithModuleContext(<DashboardImage module={banner} />, {
      assignment: makeAssignment([banner, fields], { media }),
    });
    const image = screen.getByRole('img', { name: 'Lakeshore Rewards' });
    expect(image).toHaveAttribute('src', '/pass/media/rewards-banner.svg');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });

  it('loads lazily further down the page', () => {
    const { container } = renderWithModuleContext(<DashboardImage module={banner} />, {
      assignment: makeAssignment([fields, banner], { media }),
    });
    expect(container.querySelector('img')).toHaveAttribute('loading', 'lazy');
  });

  it('renders nothing when its media is not in the data', () => {
    const { container } = renderWithModuleContext(<DashboardImage module={banner} />, {
      assignment: makeAssignment([banner]),
    });
    expect(container).toBeEmptyDOMElement();
  });
});
