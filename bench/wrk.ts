import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

// wrk drives the load (50 connections over 2 threads); a Lua script per case sets the method,
// headers and body, and walks a list of paths so that a case can touch many rows (request
// detail over a thousand ids, donate on ids no one took yet: each thread its own share).

export interface LoadCase {
  method: 'GET' | 'POST' | 'PATCH';
  /** Paths to walk in turn (one is enough for a read of one shape). */
  paths: string[];
  headers?: Record<string, string>;
  body?: string;
  /** Each path used once at most: the threads split the list between them. */
  once?: boolean;
  /**
   * Cookie headers to take in turn, one per request (several people), instead of one in
   * `headers`; and `{{n}}` in the body replaced by a number no other request of the run has (a
   * new patient each time: issue 14 refuses a person's second open request for the same one).
   */
  cookies?: string[];
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx or 3xx, and socket errors. */
  failures: number;
}

const lua = (s: string) => JSON.stringify(s); // a JSON string is a valid Lua string literal here

/** wrk runs so far in this process: each run's `{{n}}` numbers are its own. */
let runs = 0;

function script(load: LoadCase): string {
  const headers = Object.entries(load.headers ?? {})
    .map(([name, value]) => `wrk.headers[${lua(name)}] = ${lua(value)}`)
    .join('\n');
  const preamble = `
wrk.method = ${lua(load.method)}
${load.body === undefined ? '' : `wrk.body = ${lua(load.body)}`}
${headers}
`;
  // One path, one person: no request() function, so wrk sends one request it built once. A
  // request() runs Lua for every request, on the same 2 cores as the server measured.
  const [onlyPath] = load.paths;
  if (load.paths.length === 1 && !load.cookies?.length && onlyPath !== undefined) {
    return `${preamble}wrk.path = ${lua(onlyPath)}\n`;
  }
  return `${preamble}local paths = { ${load.paths.map(lua).join(', ')} }
local cookies = { ${(load.cookies ?? []).map(lua).join(', ')} }
local template = wrk.body
local threads = 0
function setup(thread)
  thread:set("tid", threads)
  threads = threads + 1
end
local i = 0
local step = 1
function init(args)
  if ${load.once ? 'true' : 'false'} then
    i = tid
    step = 2
  else
    i = tid * 7
  end
end
local sent = 0
-- This wrk run's own number: the warm-up's run sent the same tid-sent pairs, and its patients
-- made the measured run's first requests duplicates (409).
local run = ${lua(String(++runs))}
function request()
  local path = paths[(i % #paths) + 1]
  i = i + step
  if #cookies == 0 then
    return wrk.format(nil, path)
  end
  sent = sent + 1
  -- wrk.format takes the headers given instead of wrk.headers, not with them: copy them in (the
  -- create case lost its Content-Type and Origin, and measured 415 answers).
  local headers = {}
  for name, value in pairs(wrk.headers) do headers[name] = value end
  headers["Cookie"] = cookies[((tid * 7 + sent) % #cookies) + 1]
  local body = string.gsub(template, "{{n}}", run .. "-" .. tid .. "-" .. sent)
  return wrk.format(nil, path, headers, body)
end
`;
}

/** Milliseconds from a wrk latency figure such as 812.00us, 4.31ms or 1.02s. */
export function toMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[match[2] as 'ms'];
}

export function parseWrk(output: string): LoadResult {
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0);
  const p50 = toMs(/^\s+50%\s+(\S+)/m.exec(output)?.[1] ?? '');
  const p99 = toMs(/^\s+99%\s+(\S+)/m.exec(output)?.[1] ?? '');
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return { requests, rps, p50, p99, failures: non2xx + socketErrors };
}

/** Runs wrk against `origin` for `seconds` at 50 connections; writes the case's script to `dir`. */
export async function load(
  origin: string,
  loadCase: LoadCase,
  seconds: number,
  dir: string,
): Promise<LoadResult> {
  const file = path.join(dir, `case-${process.hrtime.bigint()}.lua`);
  fs.writeFileSync(file, script(loadCase));
  const { stdout } = await run(
    'wrk',
    ['-t2', '-c50', `-d${seconds}s`, '--latency', '--timeout', '10s', '-s', file, origin],
    { maxBuffer: 1 << 20 },
  );
  return parseWrk(stdout);
}
