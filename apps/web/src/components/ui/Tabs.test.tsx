import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type TabItem, Tabs } from './Tabs';

const tabs: TabItem[] = ['This Week', 'My Pass', 'Extras'].map((label, index) => ({
  key: label,
  label,
  id: `tab-${index}`,
  controls: `panel-${index}`,
}));

function Bar({ initial = 0 }: { initial?: number }) {
  const [selected, setSelected] = useState(initial);
  return <Tabs tabs={tabs} selected={selected} onSelect={setSelected} label="Sections" />;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Tabs', () => {
  it('is a named tab list with only the selected tab in the tab order', () => {
    render(<Bar />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeInTheDocument();
    const [first, second] = screen.getAllByRole('tab');
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(first).toHaveAttribute('aria-controls', 'panel-0');
    expect(second).toHaveAttribute('tabindex', '-1');
  });

  it('moves and selects with the arrow keys, Home and End, wrapping around', async () => {
    render(<Bar />);
    const [first, , third] = screen.getAllByRole('tab');
    first?.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(third).toHaveFocus();
    expect(third).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    expect(first).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(third).toHaveFocus();
  });

  it('does not measure the bar when it first shows its first tab, and does when the selection moves', async () => {
    const scrollWidth = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(0);
    render(<Bar />);
    expect(scrollWidth).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('tab', { name: 'Extras' }));
    expect(scrollWidth).toHaveBeenCalled();
  });

  it('measures at once when it first shows a later tab, to scroll it into view', () => {
    const scrollWidth = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(0);
    render(<Bar initial={2} />);
    expect(scrollWidth).toHaveBeenCalled();
  });
});
