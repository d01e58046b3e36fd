import type { ReactNode } from 'react';
import { cx } from '../../../components/ui';

/** stack: one card a line; grid: two columns; carousel: cards scrolled sideways. */
export type CardListLayout = 'stack' | 'grid' | 'carousel';

/**
 * Cards as a semantic list named by the module's heading (or a label when it has none). The layouts are
 * styles/modules.css's tp-mod-cards-*: a carousel shows a little of the next card, so it is clear the row
 * scrolls, and leaves room for the focus ring inside its scroll box.
 */
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
    <ul
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      className={cx('tp-list', `tp-mod-cards-${layout}`)}
    >
      {items.map((item, index) => (
        <li key={itemKey(item, index)}>{renderItem(item, index)}</li>
      ))}
    </ul>
  );
}
