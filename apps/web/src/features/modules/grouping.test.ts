import { describe, expect, it, vi } from 'vitest';
import { groupModules, MISSING_MODULE_TYPE_MESSAGE, type ModuleGroup } from './grouping';
import { demoModules, makeModule, makeTab, makeTabsEnd } from './test-fixtures';

/** The groups as plain ids, easy to compare. */
function shape(groups: ModuleGroup[]) {
  return groups.map((group) =>
    group.kind === 'plain'
      ? { plain: group.modules.map((module) => module.id) }
      : { tabs: group.tabs.map((tab) => ({ [`${tab.key}|${tab.label}`]: tab.modules.map((m) => m.id) })) },
  );
}

describe('groupModules (spec 2.4)', () => {
  it('puts modules before any Tab in one plain group, in the given order', () => {
    const groups = groupModules([
      makeModule({ id: 1, type: 'Greeting', sort_order: 0 }),
      makeModule({ id: 2, type: 'Html', sort_order: 1 }),
      makeModule({ id: 3, type: 'Video', sort_order: 2 }),
    ]);
    expect(shape(groups)).toEqual([{ plain: [1, 2, 3] }]);
    expect(groups[0]?.key).toBe('plain-1');
  });

  it('returns nothing for no modules', () => {
    expect(groupModules([])).toEqual([]);
  });

  it('starts a tab at each Tab, closes the group at TabsEnd, and starts a new plain group after it', () => {
    const groups = groupModules([
      makeModule({ id: 1, type: 'Html' }),
      makeTab(2, 'First', 'first'),
      makeModule({ id: 3, type: 'Html' }),
      makeModule({ id: 4, type: 'Audio' }),
      makeTab(5, 'Second', 'second'),
      makeModule({ id: 6, type: 'Html' }),
      makeTabsEnd(7),
      makeModule({ id: 8, type: 'Video' }),
    ]);
    expect(shape(groups)).toEqual([
      { plain: [1] },
      { tabs: [{ 'first|First': [3, 4] }, { 'second|Second': [6] }] },
      { plain: [8] },
    ]);
    expect(groups.map((group) => group.key)).toEqual(['plain-1', 'tabs-2', 'plain-8']);
  });

  it('closes a tab group still open at the end of the list', () => {
    const groups = groupModules([makeTab(1, 'Only', 'only'), makeModule({ id: 2, type: 'Html' })]);
    expect(shape(groups)).toEqual([{ tabs: [{ 'only|Only': [2] }] }]);
  });

  it('keeps two tab groups apart when a TabsEnd separates them', () => {
    const groups = groupModules([
      makeTab(1, 'A', 'a'),
      makeModule({ id: 2, type: 'Html' }),
      makeTabsEnd(3),
      makeTab(4, 'B', 'b'),
      makeModule({ id: 5, type: 'Html' }),
    ]);
    expect(shape(groups)).toEqual([{ tabs: [{ 'a|A': [2] }] }, { tabs: [{ 'b|B': [5] }] }]);
  });

  it('ignores a TabsEnd with no open tab group and keeps the plain group going', () => {
    const groups = groupModules([
      makeModule({ id: 1, type: 'Html' }),
      makeTabsEnd(2),
      makeModule({ id: 3, type: 'Html' }),
    ]);
    expect(shape(groups)).toEqual([{ plain: [1, 3] }]);
  });

  it('keeps a tab without content (the partner named it) but drops an empty plain group', () => {
    const groups = groupModules([
      makeTab(1, 'Empty', 'empty'),
      makeTab(2, 'Full', 'full'),
      makeModule({ id: 3 }),
      makeTabsEnd(4),
    ]);
    expect(shape(groups)).toEqual([{ tabs: [{ 'empty|Empty': [] }, { 'full|Full': [3] }] }]);
  });

  it('falls back to the module name for the label and the module id for the key', () => {
    const noSettings = makeModule({ id: 11, type: 'Tab', name: 'Tab: Menu', settings: null });
    const blankSettings = makeModule({
      id: 12,
      type: 'Tab',
      name: '  ',
      settings: { label: ' ', notes: '' },
    });
    const [group] = groupModules([noSettings, blankSettings]);
    expect(group?.kind).toBe('tabs');
    if (group?.kind !== 'tabs') return;
    expect(group.tabs.map(({ key, label }) => ({ key, label }))).toEqual([
      { key: '11', label: 'Tab: Menu' },
      { key: '12', label: 'Tab 12' },
    ]);
  });

  it('gives a repeated key a unique suffix so the tab ids stay unique', () => {
    const [group] = groupModules([makeTab(1, 'One', 'same'), makeTab(2, 'Two', 'same')]);
    if (group?.kind !== 'tabs') throw new Error('expected tabs');
    expect(group.tabs.map((tab) => tab.key)).toEqual(['same', 'same-2']);
  });

  it('skips unknown types without logging, inside and outside tabs', () => {
    const error = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const groups = groupModules([
      makeModule({ id: 1, type: 'Carousel3D' }),
      makeModule({ id: 2, type: 'Html' }),
      makeTab(3, 'T', 't'),
      makeModule({ id: 4, type: 'html' }),
      makeModule({ id: 5, type: 'toString' }),
      makeModule({ id: 6, type: 'Video' }),
    ]);
    expect(shape(groups)).toEqual([{ plain: [2] }, { tabs: [{ 't|T': [6] }] }]);
    expect(error).not.toHaveBeenCalled();
  });

  it('drops a module without a type and logs exactly "Missing module type." with the module (spec 8)', () => {
    const error = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const missing = makeModule({ id: 9, type: null, data: { label: 'You should not see this block' } });
    const groups = groupModules([makeModule({ id: 1, type: 'Html' }), missing]);
    expect(shape(groups)).toEqual([{ plain: [1] }]);
    expect(MISSING_MODULE_TYPE_MESSAGE).toBe('Missing module type.');
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Missing module type.', missing);
  });

  it('groups the demo venue 301 page: the venue modules, then the Taproom and Beer Garden tabs', () => {
    const groups = groupModules(demoModules('venue', 301));
    expect(shape(groups)).toEqual([
      { plain: [3022, 3023, 3024, 3025, 3026] },
      { tabs: [{ 'taproom|Taproom': [3028] }, { 'beer-garden|Beer Garden': [3030] }] },
    ]);
  });

  it('groups the demo offer 101 Experiences page: skips Carousel3D, logs the typeless module', () => {
    const error = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const groups = groupModules(demoModules('offer', 101));
    expect(shape(groups)).toEqual([
      { plain: [3001, 3002, 3003] },
      { tabs: [{ 'this-week|This Week': [3005, 3006] }, { 'my-pass|My Pass': [3008, 3009] }] },
      { plain: [3011, 3012] },
    ]);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Missing module type.', expect.objectContaining({ id: 3014 }));
  });

  it('does not change the list it is given', () => {
    const modules = demoModules('venue', 301);
    const copy = structuredClone(modules);
    groupModules(modules);
    expect(modules).toEqual(copy);
  });
});
