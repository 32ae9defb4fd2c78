#!/usr/bin/env node
// The `chuhe` command: runs the TypeScript CLI directly (see ts-register.js), no build step.
require('./ts-register');
require('../apps/cli/src/main.ts').runFromProcess();
