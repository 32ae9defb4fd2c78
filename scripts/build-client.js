#!/usr/bin/env node
'use strict';
// Bundles the browser scripts apps/server/client/<name>.ts (TypeScript, may import @chuhe/<lib>)
// to dist/client/<name>.js, served at /static/js/<name>.js (apps/server/src/web/README.md).
// esbuild resolves the libraries through their exports map's "@chuhe/source" condition (their
// TypeScript sources), so the bundle needs no prior `tsc -b`. Run by `npm run build` and postinstall;
// `buildClient()` is also called by the browser tests.
const { readdirSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const SRC = join(ROOT, 'apps', 'server', 'client');
const OUT = join(ROOT, 'dist', 'client');

async function buildClient() {
  const esbuild = require('esbuild');
  const entries = readdirSync(SRC).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.spec.ts'));
  await esbuild.build({
    entryPoints: entries.map((f) => join(SRC, f)),
    outdir: OUT,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2020'],
    conditions: ['@chuhe/source'],
    minify: true,
    sourcemap: true,
    logLevel: 'warning',
  });
  return entries.map((f) => f.replace(/\.ts$/, '.js'));
}

module.exports = { buildClient, CLIENT_OUT: OUT };

if (require.main === module) {
  buildClient().then(
    (built) => console.log(`client scripts: ${built.join(', ')} → dist/client`),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
