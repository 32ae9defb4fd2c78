#!/usr/bin/env node
// The `chuhe` command: the CLI compiled by `npm run build` (tsc -b; also run on `npm install`).
'use strict';
const { join } = require('node:path');
let cli;
try {
  cli = require(join(__dirname, '..', 'dist', 'apps', 'cli', 'src', 'main.js'));
} catch (error) {
  if (error && error.code === 'MODULE_NOT_FOUND' && String(error.message).includes('main.js')) {
    process.stderr.write('chuhe: not built yet — run `npm run build` in the Chuhe checkout\n');
    process.exit(2);
  }
  throw error;
}
cli.runFromProcess();
