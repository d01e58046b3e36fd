import type { PageModule } from '@trailpass/contract';
import { startTransition, useEffect, useId, useMemo, useState } from 'react';
import { cx, Tabs } from '../../components/ui';
import { useTranslation } from '../../i18n';
import { whenIdle } from '../../lib/idle';
import { BELOW_FIRST_SCREEN_CLASS, OVER_SHOWCASE_CLASS } from './components/ModuleLayout';
import { groupModules, type ModuleGroup, type RenderableModule } from './grouping';
import { ModuleBlock } from './ModuleBlock';
import { preloadModules } from './registry';
import { FIRST_PAINT_UNITS, UNITS_PER_STEP } from './reveal';

export interface ModuleListProps {
  modules: PageModule[];
  /**
   * The first tab group's tab (the Venue route's optional tab index). With onTabChange it is controlled
   * (the page owns it, e.g. in the URL); alone it is only the tab shown first. Out of range: the first tab.
   */
  activeTab?: number;
  onTabChange?: (index: number) => void;
}

type TabGroup = Extract<ModuleGroup, { kind: 'tabs' }>;

function validIndex(index: number | undefined, count: number): number {
  return index !== undefined && Number.isInteger(index) && index >= 0 && index < count ? index : 0;
}

/**
 * A tab group (spec 2.4): a scrollable tab bar and one panel at a time, with no swipe between panels.
 * Every tab has its panel element (so aria-controls always points at one), but only the selected panel
 * has content: the other tabs' modules are not loaded until they are opened.
 */
function ModuleTabs({
  group,
  activeTab,
  onTabChange,
  belowFirstScreen,
}: {
  group: TabGroup;
  activeTab?: number | undefined;
  onTabChange?: ((index: number) => void) | undefined;
  belowFirstScreen: boolean;
}) {
  const { t } = useTranslation('modules');
  const baseId = useId();
  const controlled = activeTab !== undefined && onTabChange !== undefined;
  const [localTab, setLocalTab] = useState(() => activeTab ?? 0);
  const selected = validIndex(controlled ? activeTab : localTab, group.tabs.length);
  const tabId = (tabModuleId: number) => `${baseId}-tab-${tabModuleId}`;
  const panelId = (tabModuleId: number) => `${baseId}-panel-${tabModuleId}`;

  const select = (index: number) => {
    if (!controlled) setLocalTab(index);
    onTabChange?.(index);
  };

  return (
    <div
      data-tab-group={group.key}
      className={cx(OVER_SHOWCASE_CLASS, 'tp-mod-tab-group', belowFirstScreen && BELOW_FIRST_SCREEN_CLASS)}
    >
      <Tabs
        tabs={group.tabs.map((tab) => ({
          key: tab.key,
          label: tab.label,
          id: tabId(tab.tabModuleId),
          controls: panelId(tab.tabModuleId),
        }))}
        selected={selected}
        onSelect={(index) => {
          // The keyboard's arrows wrap onto the selected tab too; only a change is reported.
          if (index !== selected) select(index);
        }}
        label={t('sections')}
        className="tp-mod-tabs"
      />
      {group.tabs.map((tab, index) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={panelId(tab.tabModuleId)}
          aria-labelledby={tabId(tab.tabModuleId)}
          hidden={index !== selected}
          data-tab-key={tab.key}
        >
          {index === selected && tab.modules.map((module) => <ModuleBlock key={module.id} module={module} />)}
        </div>
      ))}
    </div>
  );
}

/** The longest a block waits for an idle moment before it is added anyway. */
const REVEAL_IDLE_TIMEOUT_MS = 200;

/**
 * How many of the blocks to render: the first screen at once, then one more at a time in small
 * interruptible (transition) renders once the browser is idle and the next block's code has arrived.
 * Rendering a whole long page in one go is one long task that delays the first paint and any tap; a
 * block added below what is on screen moves nothing already shown, and waiting for its code means no
 * skeleton is ever swapped for content.
 */
function useProgressiveCount(units: readonly Unit[]): number {
  const total = units.length;
  const [count, setCount] = useState(FIRST_PAINT_UNITS);
  useEffect(() => {
    if (count >= total) return;
    let cancelled = false;
    const next = units.slice(count, count + UNITS_PER_STEP);
    const cancelIdle = whenIdle(() => {
      void preloadModules(next.flatMap(unitTypes)).then(() => {
        if (!cancelled) startTransition(() => setCount((shown) => Math.max(shown, count + UNITS_PER_STEP)));
      });
    }, REVEAL_IDLE_TIMEOUT_MS);
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [count, total, units]);
  return Math.min(count, total);
}

/** The module types a block shows first (of a tab group, its first tab's). */
function unitTypes(unit: Unit): string[] {
  return unit.kind === 'module'
    ? [unit.module.type]
    : (unit.group.tabs[0]?.modules.map((module) => module.type) ?? []);
}

/** A block of the list: one module of a plain group, or a whole tab group. */
type Unit = { kind: 'module'; module: RenderableModule } | { kind: 'tabs'; group: TabGroup };

/**
 * The modules of a page as blocks (spec 2.4), inside the page's ModuleContextProvider. Plain groups are
 * rendered in order, straight into the list (no wrapper box, so a fixed ImageShowcase can stick for the
 * whole list); tab groups get a tab bar. activeTab and onTabChange drive the first tab group only.
 */
export function ModuleList({ modules, activeTab, onTabChange }: ModuleListProps) {
  // Grouping logs modules without a type; once per list, not once per render.
  const groups = useMemo(() => groupModules(modules), [modules]);
  const units = useMemo(
    () =>
      groups.flatMap((group): Unit[] =>
        group.kind === 'plain'
          ? group.modules.map((module) => ({ kind: 'module', module }))
          : [{ kind: 'tabs', group }],
      ),
    [groups],
  );
  const shown = useProgressiveCount(units);
  const firstTabs = groups.find((group) => group.kind === 'tabs');
  return (
    <div data-module-list="" className="tp-mod-list">
      {units
        .slice(0, shown)
        .map((unit, index) =>
          unit.kind === 'module' ? (
            <ModuleBlock
              key={unit.module.id}
              module={unit.module}
              belowFirstScreen={index >= FIRST_PAINT_UNITS}
            />
          ) : (
            <ModuleTabs
              key={unit.group.key}
              group={unit.group}
              activeTab={unit.group === firstTabs ? activeTab : undefined}
              onTabChange={unit.group === firstTabs ? onTabChange : undefined}
              belowFirstScreen={index >= FIRST_PAINT_UNITS}
            />
          ),
        )}
    </div>
  );
}
