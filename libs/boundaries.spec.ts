import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

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
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
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
      for (const line of text) for (const [pattern, why] of FORBIDDEN) if (pattern.test(line)) violations.push(`${relative(root, file)}: ${why}: ${line.trim()}`);
    }
    expect(violations).toEqual([]);
  });

  it('catches a forbidden import when there is one', () => {
    expect(FORBIDDEN.some(([pattern]) => pattern.test("import { Injectable } from '@nestjs/common';"))).toBe(true);
    expect(FORBIDDEN.some(([pattern]) => pattern.test("import { x } from '../../../apps/server/src/main';"))).toBe(true);
  });
});
