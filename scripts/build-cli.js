#!/usr/bin/env node
'use strict';
// Compiles the `chuhe` command to JavaScript in dist/cli, so bin/chuhe.js starts like a compiled
// tool instead of loading TypeScript and transpiling every file on each call (issue 14).
//
// Run by `postinstall` (after the Prisma client is generated) and by `npm run build:cli`.
// Starting from apps/cli/src/main.ts it follows every require() of the transpiled output (the
// commands are loaded lazily, so all of them are included), transpiles each TypeScript file the
// way bin/ts-register.js does (TypeScript's transpileModule, CommonJS, no type check), rewrites
// the libraries' package names (`@chuhe/xiangqi/…`, bin/lib-aliases.js) and relative paths to the
// compiled files, and copies the JSON files it needs. dist/cli/manifest.json records each source's
// size and mtime: bin/chuhe.js runs the compiled output only while they all match, and runs the
// TypeScript sources otherwise (a source edited since, or no build at all).
//
// Never fails an install: on an error it prints a warning, and bin/chuhe.js keeps the TS path.
const fs = require('node:fs');
const path = require('node:path');
const { LIBS } = require('../bin/lib-aliases');

const ROOT = path.join(__dirname, '..');
const OUT_DIR = path.join(ROOT, 'dist', 'cli');
const ENTRY = 'apps/cli/src/main.ts';
const MANIFEST = 'manifest.json';
const MANIFEST_VERSION = 1;
const ALIAS = new RegExp(`^@chuhe/(${LIBS.join('|')})(?:/(.*))?$`);
const REQUIRE = /\brequire\((["'])([^"'\n]+)\1\)/g;

function isFile(p) {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The source file a specifier names (absolute), or undefined for packages and node: builtins. */
function resolveSource(spec, fromFile, root) {
  let base;
  const m = ALIAS.exec(spec);
  if (m) base = path.join(root, 'libs', m[1], 'src', m[2] ?? '');
  else if (spec.startsWith('./') || spec.startsWith('../')) base = path.resolve(path.dirname(fromFile), spec);
  else return undefined;
  const candidates = [];
  if (/\.(ts|json)$/.test(base)) candidates.push(base);
  if (base.endsWith('.js')) candidates.push(base.slice(0, -3) + '.ts', base);
  candidates.push(base + '.ts', path.join(base, 'index.ts'), base + '.json');
  const found = candidates.find(isFile);
  if (!found) throw new Error(`${path.relative(root, fromFile)}: cannot resolve '${spec}'`);
  return found;
}

/** Where a source file's compiled form goes, relative to the output directory. */
function outputName(rel) {
  return rel.endsWith('.ts') ? rel.slice(0, -3) + '.js' : rel;
}

/**
 * Builds the CLI into `outDir` (replacing it as a whole) and returns the manifest.
 * `root` is the repository (for tests); the sources are read from there.
 */
function build({ root = ROOT, outDir = OUT_DIR } = {}) {
  const ts = require('typescript');
  const compilerOptions = {
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    target: ts.ScriptTarget.ES2022,
    esModuleInterop: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    resolveJsonModule: true,
    removeComments: true, // smaller files, and no require() in a comment is taken for a dependency
    ignoreDeprecations: '6.0',
  };
  const tmp = `${outDir}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  const sources = {};
  const queue = [path.join(root, ENTRY)];
  const seen = new Set(queue);
  try {
    while (queue.length > 0) {
      const file = queue.shift();
      const rel = path.relative(root, file).split(path.sep).join('/');
      const stat = fs.statSync(file);
      sources[rel] = { size: stat.size, mtimeMs: stat.mtimeMs };
      const target = path.join(tmp, outputName(rel));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      if (file.endsWith('.json')) {
        fs.copyFileSync(file, target);
        continue;
      }
      const source = fs.readFileSync(file, 'utf8');
      const { outputText } = ts.transpileModule(source, { compilerOptions, fileName: file });
      const code = outputText.replace(REQUIRE, (call, quote, spec) => {
        const dep = resolveSource(spec, file, root);
        if (!dep) return call;
        if (!seen.has(dep)) {
          seen.add(dep);
          queue.push(dep);
        }
        let to = path.relative(path.dirname(file), dep).split(path.sep).join('/');
        if (!to.startsWith('.')) to = `./${to}`;
        return `require(${quote}${outputName(to)}${quote})`;
      });
      fs.writeFileSync(target, code);
    }
    const manifest = {
      version: MANIFEST_VERSION,
      typescript: ts.version,
      entry: outputName(ENTRY),
      sources,
    };
    fs.writeFileSync(path.join(tmp, MANIFEST), JSON.stringify(manifest, null, 1) + '\n');
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(outDir), { recursive: true });
    fs.renameSync(tmp, outDir);
    return manifest;
  } catch (error) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The compiled entry point (absolute) if `outDir` holds a build whose sources are all unchanged
 * (same size and mtime as when it was built), else undefined. Cheap: one stat per source.
 */
function compiledEntry({ root = ROOT, outDir = OUT_DIR } = {}) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(outDir, MANIFEST), 'utf8'));
  } catch {
    return undefined;
  }
  if (!manifest || manifest.version !== MANIFEST_VERSION || typeof manifest.entry !== 'string' || !manifest.sources) {
    return undefined;
  }
  for (const rel of Object.keys(manifest.sources)) {
    const recorded = manifest.sources[rel];
    let stat;
    try {
      stat = fs.statSync(path.join(root, rel));
    } catch {
      return undefined;
    }
    if (stat.size !== recorded.size || stat.mtimeMs !== recorded.mtimeMs) return undefined;
  }
  return path.join(outDir, manifest.entry);
}

/**
 * `npx chuhe` runs node_modules/.bin/chuhe, linked here at install. (npm does not link a project's
 * own bin there. When package.json has a "bin" named chuhe, npm 11 prefers it and first installs
 * the project into its npx cache, reading the whole installed tree twice: about 0.9 s of CPU per
 * call here against 0.4 s through the link — so package.json has no "bin", and the link is it.)
 */
function linkBin(root = ROOT) {
  if (process.platform === 'win32') return;
  const binDir = path.join(root, 'node_modules', '.bin');
  if (!fs.existsSync(path.join(root, 'node_modules'))) return;
  const link = path.join(binDir, 'chuhe');
  const target = path.relative(binDir, path.join(root, 'bin', 'chuhe.js'));
  try {
    if (fs.readlinkSync(link) === target) return;
  } catch {
    // missing or not a link
  }
  fs.mkdirSync(binDir, { recursive: true });
  fs.rmSync(link, { force: true });
  fs.symlinkSync(target, link);
}

module.exports = { build, compiledEntry, linkBin, OUT_DIR };

if (require.main === module) {
  try {
    linkBin();
  } catch (error) {
    console.warn(`build-cli: could not link node_modules/.bin/chuhe (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    const manifest = build();
    console.log(`build-cli: ${Object.keys(manifest.sources).length} files compiled to ${path.relative(ROOT, OUT_DIR)}`);
  } catch (error) {
    console.warn(`build-cli: not built (${error instanceof Error ? error.message : String(error)}); chuhe runs from TypeScript`);
  }
}
