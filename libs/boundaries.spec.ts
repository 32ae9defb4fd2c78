import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The libraries are pure (STYLE.md house rules 1 and 10; DESIGN.md "Libs never import apps"):
 * no app code, no framework or database, no I/O, no clock, no Math.random. Tests (*.spec.ts)
 * may read fixtures.
 */
const FORBIDDEN: [RegExp, string][] = [
  [/from '(\.\.\/)+apps\//, 'imports an app'],
  [/from '@nestjs\//, 'imports NestJS'],
  [/from '(@prisma\/|prisma)/, 'imports Prisma'],
  [/from '(node:)?(fs|net|http|https|child_process|fs\/promises)'/, 'does I/O'],
  [/\bMath\.random\(/, 'uses Math.random (take a seed)'],
  [/\bDate\.now\(|new Date\(\)/, 'reads the clock (take the date as input)'],
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'dist' || name === 'generated' || name === 'node_modules' ? [] : sources(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

/** Each source's relative imports (`import`/`export … from './x'`), resolved to files. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const deps: string[] = [];
    for (const m of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm)) {
      const base = resolve(dirname(file), m[1]);
      const target = [`${base}.ts`, join(base, 'index.ts'), base].find((c) => known.has(c));
      if (target) deps.push(target);
    }
    graph.set(file, deps);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, as `a → b → a` paths. */
function importCycles(graph: Map<string, string[]>, root: string): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => relative(root, f)).join(' → '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('library boundaries', () => {
  const root = __dirname;
  const files = sources(root);

  it('finds the libraries', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('no library source imports an app, a framework or I/O, or uses the clock or Math.random', () => {
    const violations: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line)); // comments may mention what is forbidden
      for (const line of text)
        for (const [pattern, why] of FORBIDDEN) if (pattern.test(line)) violations.push(`${relative(root, file)}: ${why}: ${line.trim()}`);
    }
    expect(violations).toEqual([]);
  });

  it('no import cycles, in the libraries or the apps (a types module per concept breaks them)', () => {
    const repo = join(root, '..');
    const all = [...files, ...sources(join(repo, 'apps'))];
    expect(importCycles(importGraph(all), repo)).toEqual([]);
  });

  it('libraries and apps reach a library only by its package name (@chuhe/<lib>), never into its src/', () => {
    const repo = join(root, '..');
    const deep = [...files, ...sources(join(repo, 'apps'))].filter((f) =>
      /from '(\.\.\/)+(libs\/)?(xiangqi|pairing|standings|tournament|registration)\/src/.test(readFileSync(f, 'utf8')),
    );
    expect(deep.map((f) => relative(repo, f))).toEqual([]);
  });

  it('the cycle finder finds a cycle when there is one', () => {
    const graph = new Map([
      ['/r/a.ts', ['/r/b.ts']],
      ['/r/b.ts', ['/r/a.ts']],
    ]);
    expect(importCycles(graph, '/r')).toEqual(['a.ts → b.ts → a.ts']);
  });

  it('catches a forbidden import when there is one', () => {
    expect(FORBIDDEN.some(([pattern]) => pattern.test("import { Injectable } from '@nestjs/common';"))).toBe(true);
    expect(FORBIDDEN.some(([pattern]) => pattern.test("import { x } from '../../../apps/server/src/main';"))).toBe(true);
  });
});
