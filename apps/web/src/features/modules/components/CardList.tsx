import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** stack: one card a line; grid: two columns; carousel: cards scrolled sideways. */
export type CardListLayout = 'stack' | 'grid' | 'carousel';

const listStyles = {
  stack: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 },
  carousel: {
    display: 'flex',
    gap: 1.5,
    overflowX: 'auto',
    scrollSnapType: 'x mandatory',
    overscrollBehaviorX: 'contain',
    // Room for the focus ring, so it is not clipped by the scroll box.
    p: 0.5,
    mx: -0.5,
  },
} as const;

const itemStyles = {
  stack: {},
  grid: {},
  // A little of the next card shows, so it is clear the row scrolls.
  carousel: { flex: '0 0 78%', maxWidth: 300, scrollSnapAlign: 'start' },
} as const;

/** Cards as a semantic list named by the module's heading (or a label when it has none). */
export function CardList<T>({
  items,
  itemKey,
  renderItem,
  layout = 'stack',
  labelledBy,
  label,
}: {
  items: readonly T[];
  itemKey: (item: T, index: number) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
  layout?: CardListLayout;
  labelledBy?: string | undefined;
  label: string;
}) {
  return (
    <Box
      component="ul"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      sx={{ listStyle: 'none', m: 0, p: 0, ...listStyles[layout] }}
    >
      {items.map((item, index) => (
        <Box component="li" key={itemKey(item, index)} sx={itemStyles[layout]}>
          {renderItem(item, index)}
        </Box>
      ))}
    </Box>
  );
}
