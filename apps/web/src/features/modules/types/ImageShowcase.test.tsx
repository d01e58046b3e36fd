import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NO_IMAGE_URL } from '../../../components/Image';
import {
  demoModules,
  demoVenue,
  makeAssignment,
  makeMedia,
  makeModule,
  renderWithModuleContext,
} from '../test-fixtures';
import ImageShowcase from './ImageShowcase';

const venue = demoVenue(301);

function showcaseOn(page: 'venue' | 'experiences', module = demoModules('venue', 301)[0]) {
  if (!module) throw new Error('no module');
  return renderWithModuleContext(<ImageShowcase module={module} />, {
    page,
    venueId: page === 'venue' ? 301 : null,
    assignment: makeAssignment([module], { venues: [venue], media: venue.media }, 'venue', 301),
  });
}

describe('ImageShowcase (spec 2.4)', () => {
  it('sticks under the top bar when fixed (demo venue 301, sort_order 1)', () => {
    const module = demoModules('venue', 301)[0];
    expect(module?.isFixed).toBe(true);
    showcaseOn('venue', module);
    const carousel = screen.getByRole('region', { name: 'Image gallery' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(carousel).toHaveAttribute('data-fixed', 'true');
    expect(carousel).toHaveStyle({ position: 'sticky', top: '64px' });
  });

  it('scrolls with the page when not fixed', () => {
    const module = makeModule({ id: 9, type: 'ImageShowcase', sort_order: 5, data: { media: [2019, 2020] } });
    showcaseOn('venue', module);
    const carousel = screen.getByRole('region', { name: 'Image gallery' });
    expect(carousel).toHaveAttribute('data-fixed', 'false');
    expect(carousel).not.toHaveStyle({ position: 'sticky' });
  });

  it('shows the media in order, each in a 16:9 slide; the first loads at once with high priority', () => {
    const { container } = showcaseOn('venue');
    const slides = within(screen.getByRole('group', { name: 'Images' })).getAllByRole('group');
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      '/pass/media/anchor-header.svg',
      '/pass/media/anchor-taproom.svg',
      '/pass/media/anchor-patio.svg',
    ]);
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images[1]).toHaveAttribute('loading', 'lazy');
    expect(images[2]).toHaveAttribute('loading', 'lazy');
  });

  it('moves between images with labelled dots', async () => {
    const user = userEvent.setup();
    showcaseOn('venue');
    const dots = screen.getAllByRole('button', { name: /^Show image \d of 3$/ });
    expect(dots).toHaveLength(3);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('button', { name: 'Show image 3 of 3' }));
    expect(screen.getByRole('button', { name: 'Show image 3 of 3' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Show image 1 of 3' })).not.toHaveAttribute('aria-current');
  });

  it('has no dots for a single image, and the missing-image picture for a broken one', () => {
    const module = makeModule({ id: 9, type: 'ImageShowcase', data: { media: [77] } });
    const { container } = renderWithModuleContext(<ImageShowcase module={module} />, {
      assignment: makeAssignment([module], { media: [makeMedia({ id: 77, url: '/pass/media/gone.svg' })] }),
    });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    const img = container.querySelector('img') as HTMLImageElement;
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', NO_IMAGE_URL);
  });

  it('renders nothing without media it can find', () => {
    const module = makeModule({ id: 9, type: 'ImageShowcase', data: { media: [404, 'x'] } });
    const { container } = renderWithModuleContext(<ImageShowcase module={module} />);
    expect(within(container).queryByRole('region')).not.toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });
});
