import { describe, expect, it } from 'vitest';
import { type BuiltChunk, moduleTypePreloads, routePreloads } from './route-preloads';

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = [], isEntry = false) =>
  ({ fileName, facadeModuleId, imports, isEntry }) satisfies BuiltChunk;

const CHUNKS: BuiltChunk[] = [
  chunk('assets/index-1.js', '/w/src/main.tsx', ['assets/runtime-1.js'], true),
  chunk('assets/runtime-1.js', null),
  chunk('assets/mui-1.js', null, ['assets/runtime-1.js']),
  chunk('assets/ThemedShell-1.js', '/w/src/app/shell/ThemedShell.tsx', [
    'assets/mui-1.js',
    'assets/nav-1.js',
  ]),
  chunk('assets/nav-1.js', null, ['assets/runtime-1.js']),
  chunk('assets/RewardsPage-1.js', '/w/src/features/rewards/components/RewardsPage.tsx', [
    'assets/mui-1.js',
    'assets/card-1.js',
  ]),
  chunk('assets/card-1.js', null, ['assets/nav-1.js']),
  chunk('assets/LoginPage-1.js', '/w/src/features/login/components/LoginPage.tsx', ['assets/runtime-1.js']),
  chunk('assets/Greeting-1.js', '/w/src/features/modules/types/Greeting.tsx', ['assets/mui-1.js']),
];

describe('routePreloads', () => {
  const result = routePreloads({
    chunks: CHUNKS,
    base: '/pass/',
    routes: { Rewards: '/rewards', Login: '/login', Explore: '/explore', Greeting: '/greeting' },
    plainRoutes: new Set(['Login']),
    shellModule: /[\\/]app[\\/]shell[\\/]ThemedShell\.tsx$/,
  });

  it('names the shell, then the page, with what each imports, without what the entry has', () => {
    expect(result.find((route) => route.path === '/rewards')?.files).toEqual([
      '/pass/assets/ThemedShell-1.js',
      '/pass/assets/mui-1.js',
      '/pass/assets/nav-1.js',
      '/pass/assets/RewardsPage-1.js',
      '/pass/assets/card-1.js',
    ]);
  });

  it('gives a plain page only its own chunk, and skips routes without a page file', () => {
    expect(result.find((route) => route.path === '/login')?.files).toEqual(['/pass/assets/LoginPage-1.js']);
    expect(result.map((route) => route.path)).toEqual(['/rewards', '/login']);
  });
});

describe('moduleTypePreloads', () => {
  it('names each module type’s chunk with what it imports, without what the entry has', () => {
    const types = moduleTypePreloads({
      chunks: [
        ...CHUNKS,
        chunk('assets/ImageShowcase-1.js', '/w/src/features/modules/types/ImageShowcase.tsx', [
          'assets/card-1.js',
        ]),
      ],
      base: '/pass/',
      moduleTypeOf: (id) => /[\\/]features[\\/]modules[\\/]types[\\/](\w+)\.tsx$/.exec(id)?.[1] ?? null,
    });
    expect(types).toEqual({
      Greeting: ['/pass/assets/Greeting-1.js', '/pass/assets/mui-1.js'],
      ImageShowcase: ['/pass/assets/ImageShowcase-1.js', '/pass/assets/card-1.js', '/pass/assets/nav-1.js'],
    });
  });
});
