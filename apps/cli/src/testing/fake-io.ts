import { CliIo } from '../cli-io';

/** A CliIo for tests: captures output, serves stdin and named files from memory. */
export function fakeIo(stdin = '', files: Record<string, string> = {}): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    readStdin: async () => stdin,
    readFile: (path) => {
      if (!(path in files)) throw new Error(`ENOENT: no such file ${path}`);
      return files[path];
    },
  };
}
