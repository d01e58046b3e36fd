import { describe, expect, it } from 'vitest';
import { plainAppModules } from './app-chunk';

const SRC = '/w/apps/web/src';
const NM = '/w/node_modules';

/** A module graph: id to its static imports. */
function predicate(graph: Record<string, string[]>) {
  const asked: string[] = [];
  const isPlain = plainAppModules((id) => {
    asked.push(id);
    return graph[id] ?? null;
  });
  return { isPlain, asked };
}

describe('plainAppModules', () => {
  const graph: Record<string, string[]> = {
    [`${SRC}/lib/session.ts`]: [`${NM}/react-router/index.js`],
    [`${SRC}/features/cart/token.ts`]: [`${SRC}/lib/session.ts`, `${NM}/@tanstack/react-query/index.js`],
    [`${SRC}/components/ui/Button.tsx`]: [`${NM}/react/jsx-runtime.js`],
    [`${SRC}/components/Image.tsx`]: [`${SRC}/assets/no-image.svg`, `${NM}/react/index.js`],
    [`${SRC}/assets/no-image.svg`]: [],
    [`${SRC}/lib/dates.ts`]: [`${NM}/dayjs/dayjs.min.js`],
    [`${SRC}/features/orders/components/OrderCard.tsx`]: [`${SRC}/lib/dates.ts`],
    [`${SRC}/components/FullScreenDialog.tsx`]: [`${NM}/@mui/material/Dialog/Dialog.js`],
    [`${SRC}/features/modules/types/Greeting.tsx`]: [`${SRC}/components/ui/Button.tsx`],
    [`${SRC}/features/rewards/components/RewardsPage.tsx`]: [`${SRC}/components/ui/Button.tsx`],
    [`${SRC}/components/mui-theme/theme.ts`]: [],
    '/w/packages/contract/src/cart-rules.ts': [],
    '/w/packages/contract/src/orders.ts': [`${NM}/zod/index.js`],
    '~icons/ic/baseline-explore.js': [`${NM}/react/index.js`],
    [`${SRC}/features/x/a.ts`]: [`${SRC}/features/x/b.ts`],
    [`${SRC}/features/x/b.ts`]: [`${SRC}/features/x/a.ts`, `${SRC}/features/x/c.ts`],
    [`${SRC}/features/x/c.ts`]: [`${SRC}/features/x/a.ts`],
    [`${SRC}/features/y/a.ts`]: [`${SRC}/features/y/b.ts`, `${SRC}/components/FullScreenDialog.tsx`],
    [`${SRC}/features/y/b.ts`]: [`${SRC}/features/y/a.ts`],
  };

  it('takes our own modules whose imports are ours or in the entry', () => {
    const { isPlain } = predicate(graph);
    expect(isPlain(`${SRC}/features/cart/token.ts`)).toBe(true);
    expect(isPlain(`${SRC}/components/ui/Button.tsx`)).toBe(true);
    expect(isPlain(`${SRC}/components/Image.tsx`)).toBe(true);
    expect(isPlain('/w/packages/contract/src/cart-rules.ts')).toBe(true);
    expect(isPlain('~icons/ic/baseline-explore.js')).toBe(true);
  });

  it('leaves out a module that would bring another package with it, directly or through ours', () => {
    const { isPlain } = predicate(graph);
    expect(isPlain(`${SRC}/lib/dates.ts`)).toBe(false);
    expect(isPlain(`${SRC}/features/orders/components/OrderCard.tsx`)).toBe(false);
    expect(isPlain(`${SRC}/components/FullScreenDialog.tsx`)).toBe(false);
    expect(isPlain('/w/packages/contract/src/orders.ts')).toBe(false);
  });

  it('leaves module types, pages and the MUI theme to chunks of their own', () => {
    const { isPlain } = predicate(graph);
    expect(isPlain(`${SRC}/features/modules/types/Greeting.tsx`)).toBe(false);
    expect(isPlain(`${SRC}/features/rewards/components/RewardsPage.tsx`)).toBe(false);
    expect(isPlain(`${SRC}/components/mui-theme/theme.ts`)).toBe(false);
  });

  it('never takes a package, not even one of the entry', () => {
    const { isPlain } = predicate(graph);
    expect(isPlain(`${NM}/react/index.js`)).toBe(false);
    expect(isPlain(`${NM}/@tanstack/react-query/index.js`)).toBe(false);
    expect(isPlain(`${NM}/dayjs/dayjs.min.js`)).toBe(false);
  });

  it('leaves out a module the bundler does not know', () => {
    const { isPlain } = predicate(graph);
    expect(isPlain(`${SRC}/missing.ts`)).toBe(false);
  });

  it('decides an import cycle by all of its modules, from whichever it is asked first', () => {
    for (const first of ['a', 'b', 'c']) {
      const { isPlain } = predicate(graph);
      expect(isPlain(`${SRC}/features/x/${first}.ts`)).toBe(true);
      for (const other of ['a', 'b', 'c']) expect(isPlain(`${SRC}/features/x/${other}.ts`)).toBe(true);
    }
    for (const first of ['b', 'a']) {
      const { isPlain } = predicate(graph);
      expect(isPlain(`${SRC}/features/y/${first}.ts`)).toBe(false);
      expect(isPlain(`${SRC}/features/y/a.ts`)).toBe(false);
      expect(isPlain(`${SRC}/features/y/b.ts`)).toBe(false);
    }
  });

  it('asks the bundler about each module once when there is no cycle', () => {
    const { isPlain, asked } = predicate(graph);
    isPlain(`${SRC}/components/Image.tsx`);
    isPlain(`${SRC}/components/Image.tsx`);
    isPlain(`${SRC}/assets/no-image.svg`);
    expect(asked).toEqual([`${SRC}/components/Image.tsx`, `${SRC}/assets/no-image.svg`]);
  });
});
