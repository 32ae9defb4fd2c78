import { CliIo } from '../cli-io';

/** A CliIo for tests: captures output, serves stdin and named files from memory. */
export function fakeIo(stdin: string | Uint8Array = '', files: Record<string, string | Uint8Array> = {}): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    readStdin: async () => (typeof stdin === 'string' ? stdin : new TextDecoder().decode(stdin)),
    readFile: (path) => {
      if (!(path in files)) throw new Error(`ENOENT: no such file ${path}`);
      const f = files[path];
      return typeof f === 'string' ? f : new TextDecoder().decode(f);
    },
    readStdinBytes: async () => (typeof stdin === 'string' ? new TextEncoder().encode(stdin) : stdin),
    readFileBytes: (path) => {
      if (!(path in files)) throw new Error(`ENOENT: no such file ${path}`);
      const f = files[path];
      return typeof f === 'string' ? new TextEncoder().encode(f) : f;
    },
  };
}
