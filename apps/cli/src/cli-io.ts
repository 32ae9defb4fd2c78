import { readFileSync } from 'node:fs';

/** What a command may touch: its arguments and the process's streams. Tests pass a fake. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): Promise<string>;
  readFile(path: string): string;
  /** The bytes as stored (records: the encoding is detected, XQF is binary). */
  readStdinBytes(): Promise<Uint8Array>;
  readFileBytes(path: string): Uint8Array;
}

/** A command returns its exit code: 0 ok, 1 a domain answer that is "no" (e.g. invalid), 2 bad usage or input. */
export type Command = (argv: string[], io: CliIo) => Promise<number>;

/** Thrown by commands for bad usage; main prints the message to stderr and exits 2. */
export class UsageError extends Error {}

export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text.endsWith('\n') ? text : text + '\n'),
  stderr: (text) => process.stderr.write(text.endsWith('\n') ? text : text + '\n'),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
  readFile: (path) => readFileSync(path, 'utf8'),
  readStdinBytes: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return new Uint8Array(Buffer.concat(chunks));
  },
  readFileBytes: (path) => new Uint8Array(readFileSync(path)),
};

/** Minimal flag parser: `--name value`, `--flag`, positionals. Unknown flags are the caller's to reject. */
export function parseArgs(
  argv: string[],
  booleanFlags: readonly string[] = [],
): {
  flags: Map<string, string | true>;
  positionals: string[];
} {
  const flags = new Map<string, string | true>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      if (eq > 0) {
        flags.set(arg.slice(2, eq), arg.slice(eq + 1));
      } else if (booleanFlags.includes(arg.slice(2)) || i + 1 >= argv.length || argv[i + 1].startsWith('--')) {
        flags.set(arg.slice(2), true);
      } else {
        flags.set(arg.slice(2), argv[++i]);
      }
    } else {
      positionals.push(arg);
    }
  }
  return { flags, positionals };
}

/** Refuses any flag a command does not know (exit 2 through main). */
export function onlyFlags(flags: Map<string, string | true>, known: readonly string[], usage: string): void {
  for (const flag of flags.keys()) if (!known.includes(flag)) throw new UsageError(`unknown option --${flag}\n${usage}`);
}

/** The command's input text: FILE when given, else standard input; null (the reason on stderr) when it cannot be read. */
export async function readInput(io: CliIo, command: string, file: string | undefined): Promise<string | null> {
  try {
    return file !== undefined ? io.readFile(file) : await io.readStdin();
  } catch (error) {
    io.stderr(`chuhe ${command}: cannot read ${file}: ${(error as Error).message}`);
    return null;
  }
}
