import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFirstScreenFirst } from './use-first-screen-first';

describe('useFirstScreenFirst', () => {
  it('gives the first screenful at once and the whole list in the render after', async () => {
    const items = Array.from({ length: 10 }, (_, index) => index);
    const { result } = renderHook(() => useFirstScreenFirst(items, 4));
    expect(result.current).toEqual([0, 1, 2, 3]);
    await waitFor(() => expect(result.current).toBe(items));
  });

  it('gives a short list whole, and once whole stays whole as the list grows', async () => {
    const { result, rerender } = renderHook(({ items }) => useFirstScreenFirst(items, 4), {
      initialProps: { items: [1, 2, 3] },
    });
    expect(result.current).toEqual([1, 2, 3]);
    const longer = [1, 2, 3, 4, 5, 6];
    rerender({ items: longer });
    expect(result.current).toEqual([1, 2, 3, 4]);
    await waitFor(() => expect(result.current).toBe(longer));
    const longest = [...longer, 7, 8];
    await act(async () => rerender({ items: longest }));
    expect(result.current).toBe(longest);
  });
});
