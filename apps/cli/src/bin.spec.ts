/**
 * The real `chuhe` command (bin/chuhe.js) in a child process, both ways it can run: from the
 * compiled output (scripts/build-cli.js, built on install) and from the TypeScript sources, which
 * it falls back to when the build is missing or older than a source (issue 14).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

interface Manifest {
  entry: string;
  sources: Record<string, { size: number; mtimeMs: number }>;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const buildCli = require(join(ROOT, 'scripts', 'build-cli.js')) as {
  build(options?: { root?: string; outDir?: string }): Manifest;
  compiledEntry(options?: { root?: string; outDir?: string }): string | undefined;
};

function run(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout.trim(), stderr: r.stderr.trim() };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(dir, f)).isFile());
}

describe('bin/chuhe.js', () => {
  let outDir: string;
  let manifest: Manifest;

  beforeAll(() => {
    outDir = join(mkdtempSync(join(tmpdir(), 'chuhe-cli-')), 'cli');
    manifest = buildCli.build({ outDir });
  }, 60_000);

  afterAll(() => {
    rmSync(join(outDir, '..'), { recursive: true, force: true });
  });

  test('perft 2 from the start position, as installed (compiled if the build is current)', () => {
    const r = run(['bin/chuhe.js', 'perft', '2']);
    expect(r).toEqual({ status: 0, stdout: '1920', stderr: '' });
  }, 60_000);

  test('perft 2 from the TypeScript sources (CHUHE_FROM_TS=1, the fallback)', () => {
    const r = run(['bin/chuhe.js', 'perft', '2'], { CHUHE_FROM_TS: '1' });
    expect(r).toEqual({ status: 0, stdout: '1920', stderr: '' });
  }, 60_000);

  test('the compiled CLI runs on its own: perft, and commands using the libs by subpath package names', () => {
    // (not asking compiledEntry: other engineers may have edited a source since the build above)
    const entry = join(outDir, manifest.entry);
    expect(entry).toBe(join(outDir, 'apps', 'cli', 'src', 'main.js'));
    const start = 'require(process.argv[1]).runFromProcess()';
    const compiled = (...args: string[]) => run(['-e', start, entry, ...args]);
    const fromTs = (...args: string[]) => run(['bin/chuhe.js', ...args], { CHUHE_FROM_TS: '1' });
    expect(compiled('perft', '2')).toEqual({ status: 0, stdout: '1920', stderr: '' });
    const rr = compiled('round-robin', '4'); // @chuhe/pairing/round-robin
    expect(rr.status).toBe(0);
    expect(rr.stdout).toContain('Round-robin for 4 entrants');
    expect(rr).toEqual(fromTs('round-robin', '4'));
    const help = compiled('help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('usage: chuhe COMMAND');
    // every command is compiled, and no compiled file needs the TypeScript hook or the alias hook
    for (const command of ['perft', 'moves', 'convert', 'validate', 'adjudicate', 'check-pairing', 'standings', 'pair', 'trf', 'round-robin', 'knockout']) {
      expect(existsSync(join(outDir, 'apps', 'cli', 'src', 'commands', `${command}.js`))).toBe(true);
    }
    for (const file of filesUnder(outDir).filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(join(outDir, file), 'utf8');
      expect(code).not.toMatch(/require\(["']@chuhe\//);
      expect(code).not.toMatch(/require\(["'][^"']+\.ts["']\)/);
    }
  }, 60_000);

  test('the manifest lists every source with its size and mtime; a changed or missing source makes the build stale', () => {
    expect(Object.keys(manifest.sources)).toEqual(expect.arrayContaining(['apps/cli/src/main.ts', 'libs/xiangqi/src/movegen.ts']));
    const [someSource] = Object.keys(manifest.sources).filter((f) => f.startsWith('libs/'));
    const { size, mtimeMs } = statSync(join(ROOT, someSource));
    // (other engineers may edit sources while this runs: compare with the file as it is now)
    const path = join(outDir, 'manifest.json');
    const current = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
    for (const file of Object.keys(current.sources)) {
      const st = statSync(join(ROOT, file));
      current.sources[file] = { size: st.size, mtimeMs: st.mtimeMs };
    }
    writeFileSync(path, JSON.stringify(current));
    expect(buildCli.compiledEntry({ outDir })).toBeDefined();

    current.sources[someSource] = { size, mtimeMs: mtimeMs - 1000 };
    writeFileSync(path, JSON.stringify(current));
    expect(buildCli.compiledEntry({ outDir })).toBeUndefined();

    current.sources[someSource] = { size: size + 1, mtimeMs };
    writeFileSync(path, JSON.stringify(current));
    expect(buildCli.compiledEntry({ outDir })).toBeUndefined();

    current.sources[someSource] = { size, mtimeMs };
    current.sources['libs/xiangqi/src/no-such-file.ts'] = { size: 1, mtimeMs: 1 };
    writeFileSync(path, JSON.stringify(current));
    expect(buildCli.compiledEntry({ outDir })).toBeUndefined();

    expect(buildCli.compiledEntry({ outDir: join(outDir, 'missing') })).toBeUndefined();
  });
});
