'use strict';
// The libraries' package names (`@chuhe/pairing`, `@chuhe/xiangqi/repetition` …), as tsconfig.json
// "paths" declares them, resolved at run time for code that runs from TypeScript sources
// (ts-register.js). Jest maps the same names in its configs; `npm run build` rewrites them with
// tsc-alias, so the compiled server needs no hook.
const Module = require('node:module');
const { join } = require('node:path');

const LIBS = ['xiangqi', 'pairing', 'standings', 'tournament', 'registration'];
const PATTERN = new RegExp(`^@chuhe/(${LIBS.join('|')})(?:/(.*))?$`);

function registerLibAliases(libsRoot = join(__dirname, '..', 'libs')) {
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function resolveLibAlias(request, ...rest) {
    const m = PATTERN.exec(request);
    if (m) request = join(libsRoot, m[1], 'src', m[2] ?? '');
    return resolve.call(this, request, ...rest);
  };
}

module.exports = { LIBS, registerLibAliases };
