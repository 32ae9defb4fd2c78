#!/usr/bin/env node
// The `chuhe` command. Runs the compiled CLI in dist/cli (scripts/build-cli.js: built on
// `npm install` / `npm ci`, and by `npm run build:cli`) while it matches the TypeScript sources;
// otherwise — not built, or a source changed since — the TypeScript directly (see ts-register.js).
// CHUHE_FROM_TS=1 forces the TypeScript path.
const compiled = process.env.CHUHE_FROM_TS === '1' ? undefined : require('../scripts/build-cli').compiledEntry();
if (compiled) {
  require(compiled).runFromProcess();
} else {
  require('./ts-register');
  require('../apps/cli/src/main.ts').runFromProcess();
}
