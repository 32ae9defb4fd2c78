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
    try {
      return resolve.call(this, request, ...rest);
    } catch (error) {
      // ESM-style relative imports of TypeScript sources ('./internal/class.js' in the generated
      // Prisma client) name the .js the build will emit: run from sources, take the .ts.
      if (error.code !== 'MODULE_NOT_FOUND' || !request.startsWith('.') || !request.endsWith('.js')) throw error;
      return resolve.call(this, request.slice(0, -3) + '.ts', ...rest);
    }
  };
}

module.exports = { LIBS, registerLibAliases };
