#!/usr/bin/env node
// Part of `npm run build`: bundles each browser script apps/server/client/<name>.ts (with what it
// imports from the libraries, e.g. the result vocabulary of @chuhe/tournament) into
// dist/client/<name>.js, served at /static/js/<name>.js. One esbuild call; the TypeScript itself is
// type-checked with the rest of the tree (`npm run typecheck`).
'use strict';
const { readdirSync, existsSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const sourceDir = join(root, 'apps', 'server', 'client');
const entryPoints = existsSync(sourceDir)
  ? readdirSync(sourceDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts') && !f.endsWith('.d.ts'))
      .map((f) => join(sourceDir, f))
  : [];
if (entryPoints.length === 0) process.exit(0);
let esbuild;
try {
  esbuild = require('esbuild');
} catch {
  console.warn('build-client: esbuild is not installed (npm ci --omit=dev?); browser scripts not rebuilt');
  process.exit(0);
}
esbuild
  .build({
    entryPoints,
    outdir: join(root, 'dist', 'client'),
    bundle: true,
    format: 'iife',
    target: ['es2020'],
    platform: 'browser',
    minify: true,
    sourcemap: true,
    conditions: ['@chuhe/source'],
    logLevel: 'warning',
  })
  .catch(() => process.exit(1));
