#!/usr/bin/env node
// `node bin/ts-run.js FILE.ts [args…]`: runs a TypeScript entry point through ts-register.js.
require('./ts-register');
const { resolve } = require('node:path');
const [, , entry, ...rest] = process.argv;
process.argv = [process.argv[0], resolve(entry), ...rest];
require(resolve(entry));
