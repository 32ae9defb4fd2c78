#!/usr/bin/env node
// `postinstall`: generates the Prisma client into apps/server/src/generated/prisma (not committed).
// PRISMA_SCHEMA_ENGINE_BINARY must name an existing file, otherwise `prisma generate` tries to
// download the native schema engine (which it does not need for generating) and fails offline.
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const cli = join(root, 'node_modules', 'prisma', 'build', 'index.js');
if (!existsSync(cli)) {
  // e.g. `npm ci --omit=dev` in a stage that does not need the client: nothing to do.
  console.warn('prisma-generate: the prisma package is not installed; skipping client generation');
  process.exit(0);
}
const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY || !existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = __filename; // any existing file will do
}
env.PRISMA_HIDE_UPDATE_MESSAGE = '1';
const result = spawnSync(process.execPath, [cli, 'generate', '--schema', join(root, 'prisma', 'schema.prisma')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
