import { format } from 'node:util';
import type { Logger } from './logger.ts';

/**
 * Issue 25: the log must be JSON lines only, one per event. Libraries print on their own through
 * `console` (better-auth's fallback logger, hono's serveStatic, @hono/node-server on a failed
 * answer), and Node prints its warnings to stderr: free text, where a CR/LF inside a value a
 * visitor sent starts a line that looks like ours. From here on every such print is one JSON
 * line of the app's logger, the text in a field (pino escapes CR/LF there). Called once by the
 * server's entry point, not by tests that start a server in their own process.
 */
export function routeConsoleToLog(logger: Logger): void {
  const log = logger.child({ from: 'console' });
  const levels = {
    log: 'info',
    info: 'info',
    debug: 'debug',
    trace: 'debug',
    warn: 'warn',
    error: 'error',
  } as const;
  for (const [method, level] of Object.entries(levels)) {
    console[method as keyof typeof levels] = (...args: unknown[]) => {
      // An Error keeps its stack as a field of its own; the rest is formatted as console would.
      const err = args.find((arg) => arg instanceof Error);
      const text = stripColours(format(...args.filter((arg) => arg !== err)));
      log[level](err ? { err } : {}, text);
    };
  }
  // Node's own printer of warnings is a listener; replacing it keeps one printer, ours.
  process.removeAllListeners('warning');
  process.on('warning', (warning) => logger.warn({ err: warning }, 'Node.js warning'));
  // An error nothing caught still ends the process, as Node would (its state is unknown), but
  // its stack is one JSON line, not many lines of text.
  process.on('uncaughtException', (err, origin) => {
    logger.fatal({ err, origin }, 'uncaught error; exiting');
    process.exit(1);
  });
}

/** Terminal colour codes (better-auth colours its lines) mean nothing in a JSON field. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is the point
const stripColours = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');
