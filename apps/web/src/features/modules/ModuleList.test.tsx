import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PageModule } from '@trailpass/contract';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '../../lib/lazy';
import { resetScrollStoreForTests } from '../../lib/use-scroll-y';
import { forgetModuleComponentsForTests } from './ModuleBlock';
import { ModuleList } from './ModuleList';
import { loadModule } from './registry';
import { demoModules, makeModule, makeTab, makeTabsEnd, renderWithModuleContext } from './test-fixtures';
import type { ModuleProps } from './types';

vi.mock('./registry', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./registry')>();
  // Each module loads its fake type through loadModule (below); the list's look-ahead preload has
  // nothing to do here.
  return { ...actual, loadModule: vi.fn(actual.loadModule), preloadModules: vi.fn(async () => {}) };
});

/** Stands in for every module type: says which module it is, so tests see order and placement. */
function FakeModule({ module }: ModuleProps) {
  return <p>{`${module.type} ${module.id}`}</p>;
}

type FakeLoader = () => Promise<{ default: (props: ModuleProps) => unknown }>;

/** Every type loads FakeModule, except the [type, loader] pairs given. */
function loadFakes(overrides: [string, FakeLoader][] = []) {
  const byType = new Map(overrides);
  vi.mocked(loadModule).mockImplementation((type) => {
    const override = byType.get(type);
    if (override) return override() as ReturnType<typeof loadModule>;
    return Promise.resolve({ default: FakeModule });
  });
}

/** Like the Venue page: the tab index lives outside the list (in the URL) and follows onTabChange. */
function VenueTabsPage({ onTabChange }: { onTabChange: (index: number) => void }) {
  const [tab, setTab] = useState(1);
  return (
    <ModuleList
      modules={demoModules('venue', 301)}
      activeTab={tab}
      onTabChange={(index) => {
        onTabChange(index);
        setTab(index);
      }}
    />
  );
}

/** A page that owns its tab (as the Venue route does) over any list of modules. */
function VenueTabs({
  modules,
  onTabChange,
}: {
  modules: PageModule[];
  onTabChange: (index: number) => void;
}) {
  const [tab, setTab] = useState(0);
  return (
    <ModuleList
      modules={modules}
      activeTab={tab}
      onTabChange={(index) => {
        onTabChange(index);
        setTab(index);
      }}
    />
  );
}

function Broken(): never {
  throw new TypeError('bad data');
}

beforeEach(() => {
  forgetModuleComponentsForTests();
  vi.mocked(loadModule).mockClear();
  loadFakes();
});

afterEach(() => {
  resetScrollStoreForTests();
});

/** The fake modules' texts, in document order. */
function shownModules(container: HTMLElement = document.body): string[] {
  return [...container.querySelectorAll('p')]
    .map((p) => p.textContent ?? '')
    .filter((text) => /^\w+ -?\d+$/.test(text));
}

describe('ModuleList (spec 2.4)', () => {
  it('renders the demo Experiences page: plain groups in order, the first tab, unknown and typeless modules skipped', async () => {
    const error = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithModuleContext(<ModuleList modules={demoModules('offer', 101)} />);
    // The first screen comes at once, the rest a few blocks at a time: wait for the last one.
    await screen.findByText('DashboardPerks 3012');
    expect(shownModules()).toEqual([
      'Greeting 3001',
      'ImageShowcase 3002',
      'DashboardVenueList 3003',
      'OfferCards 3005',
      'Html 3006',
      'Video 3011',
      'DashboardPerks 3012',
    ]);
    expect(screen.queryByText(/Carousel3D/)).not.toBeInTheDocument();
    expect(screen.queryByText(/You should not see this block/)).not.toBeInTheDocument();
    expect(loadModule).not.toHaveBeenCalledWith('Carousel3D');
    expect(error).toHaveBeenCalledWith('Missing module type.', expect.objectContaining({ id: 3014 }));
  });

  it('names each module section after its label', async () => {
    renderWithModuleContext(<ModuleList modules={demoModules('venue', 301)} />);
    await screen.findByText('Products 3026');
    expect(screen.getByRole('region', { name: 'About' })).toHaveTextContent('VenueInfo 3023');
    expect(screen.getByRole('region', { name: 'Hours' })).toHaveTextContent('OpeningHours 3024');
    expect(screen.getByRole('region', { name: 'Available Here' })).toHaveTextContent('Products 3026');
  });

  it('shows the demo venue 301 tab bar with the first tab open', async () => {
    renderWithModuleContext(<ModuleList modules={demoModules('venue', 301)} />, {
      page: 'venue',
      venueId: 301,
    });
    const tablist = await screen.findByRole('tablist');
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Taproom', 'Beer Garden']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');

    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAttribute('aria-labelledby', tabs[0]?.id);
    expect(tabs[0]).toHaveAttribute('aria-controls', panel.id);
    // The other tab's panel exists (its aria-controls points at something) but is hidden and empty.
    const otherPanel = document.getElementById(tabs[1]?.getAttribute('aria-controls') ?? '');
    expect(otherPanel).not.toBeNull();
    expect(otherPanel).not.toBeVisible();
    expect(otherPanel).toBeEmptyDOMElement();

    expect(await within(panel).findByText('Html 3028')).toBeInTheDocument();
    expect(screen.queryByText('HtmlEditor 3030')).not.toBeInTheDocument();
    expect(loadModule).not.toHaveBeenCalledWith('HtmlEditor');
  });

  it('opens the second tab for activeTab=1 and reports tab changes (the Venue route tab index)', async () => {
    const user = userEvent.setup();
    const onTabChange = vi.fn();
    renderWithModuleContext(<VenueTabsPage onTabChange={onTabChange} />);
    expect(await screen.findByRole('tab', { name: 'Beer Garden' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(screen.getByRole('tabpanel')).findByText('HtmlEditor 3030')).toBeInTheDocument();
    expect(screen.queryByText('Html 3028')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Taproom' }));
    expect(onTabChange).toHaveBeenCalledWith(0);
    expect(screen.getByRole('tab', { name: 'Taproom' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Html 3028')).toBeInTheDocument();
  });

  it('leaves a controlled tab to the page', async () => {
    const user = userEvent.setup();
    const onTabChange = vi.fn();
    renderWithModuleContext(
      <ModuleList modules={demoModules('venue', 301)} activeTab={1} onTabChange={onTabChange} />,
    );
    await user.click(await screen.findByRole('tab', { name: 'Taproom' }));
    expect(onTabChange).toHaveBeenCalledWith(0);
    expect(screen.getByRole('tab', { name: 'Beer Garden' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the first tab for an out-of-range tab index', async () => {
    renderWithModuleContext(
      <ModuleList modules={demoModules('venue', 301)} activeTab={7} onTabChange={vi.fn()} />,
    );
    expect(await screen.findByRole('tab', { name: 'Taproom' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Html 3028')).toBeInTheDocument();
  });

  it('keeps the tab locally without a handler, and works from the keyboard', async () => {
    const user = userEvent.setup();
    renderWithModuleContext(<ModuleList modules={demoModules('venue', 301)} />);
    await user.click(await screen.findByRole('tab', { name: 'Beer Garden' }));
    expect(screen.getByRole('tab', { name: 'Beer Garden' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('HtmlEditor 3030')).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Taproom' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('tab', { name: 'Taproom' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Html 3028')).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys, Home and End (WAI-ARIA tabs), reporting each change', async () => {
    const user = userEvent.setup();
    const onTabChange = vi.fn();
    const modules: PageModule[] = [
      makeTab(1, 'First', 'first'),
      makeModule({ id: 2 }),
      makeTab(3, 'Second', 'second'),
      makeModule({ id: 4 }),
      makeTab(5, 'Third', 'third'),
      makeModule({ id: 6 }),
    ];
    renderWithModuleContext(<VenueTabs modules={modules} onTabChange={onTabChange} />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    await screen.findByText('Html 2');
    // Only the selected tab is in the tab order: Tab reaches the bar once, on the selected tab.
    expect(tab('First')).toHaveAttribute('tabindex', '0');
    expect(tab('Second')).toHaveAttribute('tabindex', '-1');
    await user.tab();
    expect(tab('First')).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(tab('Second')).toHaveFocus();
    expect(tab('Second')).toHaveAttribute('aria-selected', 'true');
    expect(await within(screen.getByRole('tabpanel')).findByText('Html 4')).toBeInTheDocument();
    expect(onTabChange).toHaveBeenLastCalledWith(1);

    await user.keyboard('{End}');
    expect(tab('Third')).toHaveFocus();
    expect(await screen.findByText('Html 6')).toBeInTheDocument();
    // From the last tab, ArrowRight wraps to the first; ArrowLeft wraps back.
    await user.keyboard('{ArrowRight}');
    expect(tab('First')).toHaveFocus();
    expect(tab('First')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(tab('Third')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('First')).toHaveFocus();
    expect(onTabChange.mock.calls.map(([index]) => index)).toEqual([1, 2, 0, 2, 0]);
    expect(tab('Second')).toHaveAttribute('tabindex', '-1');
    expect(tab('Third')).toHaveAttribute('tabindex', '-1');
  });

  it('names the tab bar and reports no change for the tab already shown', async () => {
    const user = userEvent.setup();
    const onTabChange = vi.fn();
    renderWithModuleContext(<VenueTabsPage onTabChange={onTabChange} />);
    expect(await screen.findByRole('tablist', { name: 'Sections' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Beer Garden' }));
    expect(onTabChange).not.toHaveBeenCalled();
  });

  it('drives only the first tab group', async () => {
    const modules: PageModule[] = [
      makeTab(1, 'A1', 'a1'),
      makeModule({ id: 2 }),
      makeTab(3, 'A2', 'a2'),
      makeModule({ id: 4 }),
      makeTabsEnd(5),
      makeTab(6, 'B1', 'b1'),
      makeModule({ id: 7 }),
      makeTab(8, 'B2', 'b2'),
      makeModule({ id: 9 }),
    ];
    renderWithModuleContext(<ModuleList modules={modules} activeTab={1} onTabChange={vi.fn()} />);
    const [first, second] = screen.getAllByRole('tablist');
    expect(within(first as HTMLElement).getByRole('tab', { name: 'A2' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(second as HTMLElement).getByRole('tab', { name: 'B1' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('Html 4')).toBeInTheDocument();
    expect(await screen.findByText('Html 7')).toBeInTheDocument();
  });

  it('renders the first screen at once and the rest of a long page in the next steps', async () => {
    const modules = Array.from({ length: 9 }, (_, index) => makeModule({ id: index + 1 }));
    const { container } = renderWithModuleContext(<ModuleList modules={modules} />);
    // Two blocks in the first render: a long page is not one long task.
    expect(container.querySelectorAll('[data-module-id]')).toHaveLength(2);
    expect(await screen.findByText('Html 9')).toBeInTheDocument();
    expect(shownModules()).toEqual(modules.map((module) => `Html ${module.id}`));
  });

  it('lets the browser skip drawing the blocks after the first screen until they come near it', async () => {
    const { container } = renderWithModuleContext(<ModuleList modules={demoModules('offer', 101)} />);
    await screen.findByText('DashboardPerks 3012');
    const later = (element: Element | null) => element?.classList.contains('tp-mod-later');
    // The first two blocks are the first screen (the showcase owns no box of its own).
    expect(later(container.querySelector('[data-module-id="3001"]'))).toBe(false);
    expect(later(container.querySelector('[data-module-id="3002"]'))).toBe(false);
    expect(later(container.querySelector('[data-module-id="3003"]'))).toBe(true);
    expect(later(container.querySelector('[data-tab-group]'))).toBe(true);
    expect(later(container.querySelector('[data-module-id="3012"]'))).toBe(true);
  });

  it('shows a skeleton while a module type loads', async () => {
    let resolve: (value: { default: typeof FakeModule }) => void = () => {};
    loadFakes([['Video', () => new Promise((done) => (resolve = done))]]);
    const { container } = renderWithModuleContext(
      <ModuleList modules={[makeModule({ id: 1, type: 'Video' }), makeModule({ id: 2, type: 'Html' })]} />,
    );
    await screen.findByText('Html 2');
    const video = container.querySelector('[data-module-id="1"]');
    expect(video?.querySelector('[data-module-skeleton]')).not.toBeNull();
    await act(async () => resolve({ default: FakeModule }));
    expect(await screen.findByText('Video 1')).toBeInTheDocument();
    expect(container.querySelector('[data-module-skeleton]')).toBeNull();
  });

  it('loads each type once, however many modules use it', async () => {
    renderWithModuleContext(
      <ModuleList
        modules={[makeModule({ id: 1 }), makeModule({ id: 2 }), makeModule({ id: 3, type: 'Audio' })]}
      />,
    );
    await screen.findByText('Html 2');
    await screen.findByText('Audio 3');
    expect(vi.mocked(loadModule).mock.calls.map(([type]) => type)).toEqual(['Html', 'Audio']);
  });

  it('shows a reload alert where a module chunk failed, and the rest of the page', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    loadFakes([['Audio', () => Promise.reject(new ChunkLoadError('Loading a page chunk failed.'))]]);
    renderWithModuleContext(
      <ModuleList modules={[makeModule({ id: 1, type: 'Audio' }), makeModule({ id: 2, type: 'Html' })]} />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This part of the page could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByText('Html 2')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(
      'Module Audio 1 could not be loaded.',
      expect.any(ChunkLoadError),
      expect.anything(),
    );
  });

  it('tries a failed type again when it is mounted later', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    loadFakes([['Audio', () => Promise.reject(new ChunkLoadError('offline'))]]);
    const first = renderWithModuleContext(<ModuleList modules={[makeModule({ id: 1, type: 'Audio' })]} />);
    await screen.findByRole('alert');
    first.unmount();
    loadFakes();
    renderWithModuleContext(<ModuleList modules={[makeModule({ id: 1, type: 'Audio' })]} />);
    expect(await screen.findByText('Audio 1')).toBeInTheDocument();
  });

  it('logs a module that throws while rendering and shows nothing for it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    loadFakes([['Greeting', () => Promise.resolve({ default: Broken })]]);
    const { container } = renderWithModuleContext(
      <ModuleList
        modules={[makeModule({ id: 1, type: 'Greeting', data: { label: 'Hello' } }), makeModule({ id: 2 })]}
      />,
    );
    expect(await screen.findByText('Html 2')).toBeInTheDocument();
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'Module Greeting 1 failed to render.',
        expect.any(TypeError),
        expect.anything(),
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(container.querySelector('[data-module-id="1"]')).toBeEmptyDOMElement();
  });
});

describe('ModuleList scroll fade (spec 2.4)', () => {
  let frames: FrameRequestCallback[];

  beforeEach(() => {
    frames = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => {});
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
    Object.defineProperty(window, 'innerWidth', { value: 390, configurable: true, writable: true });
    // The store reads the width when it loads and on resizes: start it again at 390.
    resetScrollStoreForTests();
  });

  afterEach(() => {
    Object.defineProperty(window, 'innerWidth', { value: 1024, configurable: true, writable: true });
    resetScrollStoreForTests();
  });

  /** Places a module's box as if laid out, `top` px from the viewport top. */
  function place(element: Element, top: number, height: number) {
    vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({
      top,
      bottom: top + height,
      height,
      width: 390,
      left: 0,
      right: 390,
      x: 0,
      y: top,
      toJSON: () => ({}),
    });
  }

  function scrollPage(y: number) {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
    window.dispatchEvent(new Event('scroll'));
    const pending = frames.splice(0);
    act(() => {
      for (const callback of pending) callback(performance.now());
    });
  }

  it('fades a module on a venue page by how far it has gone under the top bar, at half the showcase rate', async () => {
    const { container } = renderWithModuleContext(
      <ModuleList
        modules={[makeModule({ id: 1, type: 'VenueInfo' }), makeModule({ id: 2, type: 'Html' })]}
      />,
      { page: 'venue', venueId: 301 },
    );
    await screen.findByText('Html 2');
    const section = container.querySelector('section[data-module-id="1"]') as HTMLElement;
    const below = container.querySelector('section[data-module-id="2"]') as HTMLElement;
    place(below, 400, 100);
    // 390 px wide: the fade height is min(240, 195) = 195. The module's top is 97.5 px under the 64 px bar.
    place(section, 64 - 97.5, 150);
    scrollPage(97.5);
    expect(section.style.opacity).toBe('0.5');
    expect(below.style.opacity).toBe('');
  });

  it('does not fade modules on Experiences', async () => {
    const { container } = renderWithModuleContext(<ModuleList modules={[makeModule({ id: 1 })]} />, {
      page: 'experiences',
    });
    await screen.findByText('Html 1');
    const section = container.querySelector('section[data-module-id="1"]') as HTMLElement;
    place(section, -100, 150);
    scrollPage(164);
    expect(section.style.opacity).toBe('');
  });

  it('does not fade with prefers-reduced-motion', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('prefers-reduced-motion'),
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      })),
    );
    const { container } = renderWithModuleContext(<ModuleList modules={[makeModule({ id: 1 })]} />, {
      page: 'deal',
      dealId: 201,
    });
    await screen.findByText('Html 1');
    const section = container.querySelector('section[data-module-id="1"]') as HTMLElement;
    place(section, -100, 150);
    scrollPage(164);
    expect(section.style.opacity).toBe('');
    vi.unstubAllGlobals();
  });
});
