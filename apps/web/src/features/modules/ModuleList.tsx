import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { PageModule } from '@trailpass/contract';
import { Fragment, useId, useMemo, useState } from 'react';
import { MODULE_GAP, OVER_SHOWCASE_SX } from './components/ModuleLayout';
import { groupModules, type ModuleGroup } from './grouping';
import { ModuleBlock } from './ModuleBlock';

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
}: {
  group: TabGroup;
  activeTab?: number | undefined;
  onTabChange?: ((index: number) => void) | undefined;
}) {
  const baseId = useId();
  const controlled = activeTab !== undefined && onTabChange !== undefined;
  const [localTab, setLocalTab] = useState(() => activeTab ?? 0);
  const selected = validIndex(controlled ? activeTab : localTab, group.tabs.length);
  const tabId = (tabModuleId: number) => `${baseId}-tab-${tabModuleId}`;
  const panelId = (tabModuleId: number) => `${baseId}-panel-${tabModuleId}`;

  return (
    <Box data-tab-group={group.key} sx={{ ...OVER_SHOWCASE_SX, pb: MODULE_GAP }}>
      <Tabs
        value={selected}
        onChange={(_event, index: number) => {
          if (!controlled) setLocalTab(index);
          onTabChange?.(index);
        }}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Sections"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {group.tabs.map((tab, index) => (
          <Tab
            key={tab.key}
            value={index}
            label={tab.label}
            id={tabId(tab.tabModuleId)}
            aria-controls={panelId(tab.tabModuleId)}
          />
        ))}
      </Tabs>
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
    </Box>
  );
}

/**
 * The modules of a page as blocks (spec 2.4), inside the page's ModuleContextProvider. Plain groups are
 * rendered in order, straight into the list (no wrapper box, so a fixed ImageShowcase can stick for the
 * whole list); tab groups get a tab bar. activeTab and onTabChange drive the first tab group only.
 */
export function ModuleList({ modules, activeTab, onTabChange }: ModuleListProps) {
  // Grouping logs modules without a type; once per list, not once per render.
  const groups = useMemo(() => groupModules(modules), [modules]);
  const firstTabs = groups.find((group) => group.kind === 'tabs');
  return (
    <Box data-module-list="" sx={{ position: 'relative' }}>
      {groups.map((group) =>
        group.kind === 'plain' ? (
          <Fragment key={group.key}>
            {group.modules.map((module) => (
              <ModuleBlock key={module.id} module={module} />
            ))}
          </Fragment>
        ) : (
          <ModuleTabs
            key={group.key}
            group={group}
            activeTab={group === firstTabs ? activeTab : undefined}
            onTabChange={group === firstTabs ? onTabChange : undefined}
          />
        ),
      )}
    </Box>
  );
}
