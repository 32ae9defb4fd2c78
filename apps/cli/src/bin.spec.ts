/**
 * The real `chuhe` command (bin/chuhe.js) in a child process, as installed: it runs the CLI that
 * `npm run build` compiled (tsc -b; `npm test` builds before the unit tests), which reaches the
 * libraries by their package names through node_modules/@chuhe (npm workspaces) — no hook.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const COMPILED = join(ROOT, 'dist', 'apps', 'cli', 'src', 'main.js');

function run(args: string[]) {
  const r = spawnSync(process.execPath, args, { cwd: ROOT, env: process.env, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout.trim(), stderr: r.stderr.trim() };
}

describe('bin/chuhe.js', () => {
  beforeAll(() => {
    if (!existsSync(COMPILED)) throw new Error('the CLI is not built: run `npm run build` (npm test does)');
  });

  test('perft 2 from the start position', () => {
    expect(run(['bin/chuhe.js', 'perft', '2'])).toEqual({ status: 0, stdout: '1920', stderr: '' });
  });

  test('commands reaching every library run from the build', () => {
    const rr = run(['bin/chuhe.js', 'round-robin', '4']); // @chuhe/pairing
    expect(rr.status).toBe(0);
    expect(rr.stdout).toContain('Round-robin for 4 entrants');
    const help = run(['bin/chuhe.js', 'help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('usage: chuhe COMMAND');
    for (const command of ['perft', 'moves', 'convert', 'validate', 'adjudicate', 'check-pairing', 'standings', 'pair', 'trf', 'round-robin', 'knockout']) {
      expect(existsSync(join(ROOT, 'dist', 'apps', 'cli', 'src', 'commands', `${command}.js`))).toBe(true);
    }
  });

  test('the libraries resolve to their built dist/ at run time (no TypeScript at run time)', () => {
    const r = run(['-e', "for (const l of ['xiangqi','pairing','standings','tournament','registration']) console.log(require.resolve('@chuhe/' + l))"]);
    expect(r.status).toBe(0);
    for (const line of r.stdout.split('\n')) expect(line).toMatch(/libs\/[a-z]+\/dist\/index\.js$/);
  });
});
