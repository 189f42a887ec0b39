import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';

// Starting and stopping the two servers the bench compares, and reading their CPU time.

export interface Started {
  origin: string;
  process: ChildProcess;
  /** From spawn to the first 200 from /api/ready, as the bench saw it. */
  readyMs: number;
  stop: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function start(
  script: string,
  port: number,
  env: Record<string, string>,
  logFile: string,
  nodeFlags: string[] = [],
): Promise<Started> {
  const log = fs.openSync(logFile, 'a');
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, script], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  const origin = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`${script} exited before it was ready; see ${logFile}`);
    if (performance.now() - started > 120_000) throw new Error(`${script} not ready in 2 min`);
    const ok = await fetch(`${origin}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await sleep(10);
  }
  const readyMs = Math.round(performance.now() - started);
  const stop = async () => {
    if (exited) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([gone, sleep(15_000)]);
    fs.closeSync(log);
  };
  return { origin, process: child, readyMs, stop };
}

/** CPU seconds (user + system) the process has used so far, from /proc (Linux). */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks
  } catch {
    return Number.NaN;
  }
}
