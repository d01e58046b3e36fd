import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Image, NO_IMAGE_URL } from './Image';

describe('Image (spec 8: missing image)', () => {
  it('shows the default no-image picture without a source', () => {
    render(<Image src={null} alt="Sunset Paddle" />);
    const img = screen.getByRole('img', { name: 'Sunset Paddle' });
    expect(img).toHaveAttribute('src', NO_IMAGE_URL);
    expect(img).toHaveAttribute('data-fallback', 'true');
  });

  it('falls back when the file fails to load, and retries a new source', () => {
    const { rerender } = render(<Image src="/pass/media/sunset-paddle.svg" alt="Sunset Paddle" />);
    const img = screen.getByRole('img', { name: 'Sunset Paddle' });
    expect(img).toHaveAttribute('src', '/pass/media/sunset-paddle.svg');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', NO_IMAGE_URL);
    rerender(<Image src="/pass/media/other.svg" alt="Sunset Paddle" />);
    expect(screen.getByRole('img', { name: 'Sunset Paddle' })).toHaveAttribute(
      'src',
      '/pass/media/other.svg',
    );
  });
});
