import { spawn } from 'node:child_process';

export interface ClientJob {
  method: string;
  path: string;
  body?: unknown;
  auth?: string;
}

// The child's program: read the jobs on stdin, run them `concurrency` at a time with fetch (kept-alive
// connections, as the in-process clients), write the statuses in order on stdout, with each
// request's time as its client saw it (from the call to the answer's last byte, in ms).
const CHILD = `
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', async () => {
  const { base, jobs, concurrency } = JSON.parse(input);
  const out = new Array(jobs.length);
  const ms = new Array(jobs.length);
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < jobs.length) {
      const i = next++;
      const j = jobs[i];
      const t0 = performance.now();
      try {
        const res = await fetch(base + j.path, {
          method: j.method,
          headers: { 'content-type': 'application/json', ...(j.auth ? { authorization: j.auth } : {}) },
          body: j.body === undefined ? undefined : JSON.stringify(j.body),
        });
        await res.arrayBuffer();
        out[i] = res.status;
      } catch {
        out[i] = 0;
      }
      ms[i] = performance.now() - t0;
    }
  }));
  process.stdout.write(JSON.stringify({ statuses: out, ms }));
});`;

/**
 * HTTP requests sent from a child process, `concurrency` at a time; the statuses in order (0: no
 * answer). A bench whose server runs in its own process uses it so that the server's event loop and
 * its CPU figure hold only the server's work — in production the clients are other machines — while
 * the clients still share this machine's cores (printed with the load).
 */
export async function requestsFromChild(base: string, jobs: readonly ClientJob[], concurrency: number): Promise<number[]> {
  return (await timedRequestsFromChild(base, jobs, concurrency)).statuses;
}

/** requestsFromChild with the time of each request as the client saw it (ms, in the jobs' order). */
export function timedRequestsFromChild(base: string, jobs: readonly ClientJob[], concurrency: number): Promise<{ statuses: number[]; ms: number[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CHILD], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as { statuses: number[]; ms: number[] }) : reject(new Error(`the client process exited ${code}`)),
    );
    child.stdin.end(JSON.stringify({ base, jobs, concurrency }));
  });
}
