#!/usr/bin/env node
// The `chuhe` command: runs the TypeScript CLI through tsx (no build step needed).
require('tsx/cjs');
require('../apps/cli/src/main.ts').runFromProcess();
