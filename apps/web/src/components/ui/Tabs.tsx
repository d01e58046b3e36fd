import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { cx } from './classes';

export interface TabItem {
  key: string;
  label: ReactNode;
  /** The tab element's id (the panel's aria-labelledby). */
  id: string;
  /** The id of the panel it shows. */
  controls: string;
}

/**
 * A scrollable tab bar (WAI-ARIA tabs pattern, MUI's Tabs look in plain CSS): only the selected tab is in the
 * tab order, arrow keys, Home and End move between tabs and select them, and the selected tab is scrolled
 * into view. The panels are the caller's (role="tabpanel", aria-labelledby the tab's id).
 */
export function Tabs({
  tabs,
  selected,
  onSelect,
  label,
  className,
}: {
  tabs: readonly TabItem[];
  selected: number;
  onSelect: (index: number) => void;
  /** The tab list's accessible name. */
  label: string;
  className?: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const focusAfterSelect = useRef(false);
  const mounted = useRef(false);

  useEffect(() => {
    const list = listRef.current;
    const tab = list?.children[selected];
    const first = !mounted.current;
    mounted.current = true;
    // A bar shown with its first tab selected starts scrolled to it: nothing to measure, and measuring
    // right after the page's first commit would force the browser to lay out the whole page early.
    if (first && selected === 0) return;
    if (!list || !(tab instanceof HTMLElement)) return;
    if (focusAfterSelect.current) {
      focusAfterSelect.current = false;
      tab.focus();
    }
    // Scroll the bar only (scrollIntoView would scroll the page too); read only when it can scroll.
    if (list.scrollWidth > list.clientWidth) {
      const left = tab.offsetLeft - list.offsetLeft;
      if (left < list.scrollLeft) list.scrollLeft = left;
      else if (left + tab.offsetWidth > list.scrollLeft + list.clientWidth)
        list.scrollLeft = left + tab.offsetWidth - list.clientWidth;
    }
  }, [selected]);

  const onKeyDown = (event: KeyboardEvent) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? selected === last
          ? 0
          : selected + 1
        : event.key === 'ArrowLeft'
          ? selected === 0
            ? last
            : selected - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    focusAfterSelect.current = true;
    onSelect(next);
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      className={cx('tp-tabs', className)}
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab, index) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          id={tab.id}
          aria-controls={tab.controls}
          aria-selected={index === selected}
          tabIndex={index === selected ? 0 : -1}
          className="tp-tab"
          onClick={() => onSelect(index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
