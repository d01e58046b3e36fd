import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

/** Every source file of the server (not its tests). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

/** The relative specifiers a file imports or re-exports (type-only imports count: they make the circle too). */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gms),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] as string);
  return specifiers.filter((specifier) => specifier.startsWith('.'));
}

/** Resolves a relative specifier the way the server's bundler settings do (no extension, or index). */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mts`, path.join(base, 'index.ts')];
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, '.ts'));
  return candidates.find((candidate) => /\.(ts|tsx|mts|mjs)$/.test(candidate) && existsSync(candidate));
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const targets = relativeImports(file)
      .map((specifier) => resolveImport(file, specifier))
      .filter((target): target is string => target?.startsWith(SRC) === true);
    graph.set(file, targets);
  }
  return graph;
}

/** Every circle of imports, each as the files along it (depth-first search, one circle per back edge). */
function importCircles(graph: Map<string, string[]>): string[][] {
  const circles: string[][] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (file: string): void => {
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (onStack.has(target)) circles.push([...stack.slice(stack.indexOf(target)), target]);
      else if (!done.has(target)) visit(target);
    }
    stack.pop();
    onStack.delete(file);
    done.add(file);
  };
  for (const file of graph.keys()) if (!done.has(file)) visit(file);
  return circles.map((circle) => circle.map((file) => path.relative(SRC, file)));
}

describe('server imports', () => {
  it('finds the imports of the route modules (the check itself works)', () => {
    const graph = importGraph();
    const cart = graph.get(path.join(SRC, 'modules/cart/routes.ts')) ?? [];
    expect(cart.length).toBeGreaterThan(0);
    expect(graph.get(path.join(SRC, 'app.ts'))).toContain(path.join(SRC, 'modules/cart/routes.ts'));
  });

  it('form no circle (the route modules take AppContext from app-context.ts, not from app.ts, which imports them)', () => {
    expect(importCircles(importGraph())).toEqual([]);
  });
});

describe('server JSX', () => {
  // tsx runs the server from the repository root and reads no apps/server/tsconfig.json: a .tsx file
  // without this pragma compiles to React.createElement and fails at run time ("React is not defined"),
  // which vitest, reading the tsconfig, does not see.
  it('names its runtime in every .tsx file', () => {
    const tsx = sourceFiles(SRC).filter((file) => file.endsWith('.tsx'));
    expect(tsx.length).toBeGreaterThan(0);
    const without = tsx.filter(
      (file) => !readFileSync(file, 'utf8').startsWith('/** @jsxRuntime automatic @jsxImportSource react */'),
    );
    expect(without.map((file) => path.relative(SRC, file))).toEqual([]);
  });
});
