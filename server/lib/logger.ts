import { pino } from 'pino';

export type Logger = pino.Logger;

/** JSON logs, one line per event. Secrets never reach the log: these paths are censored. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['password', '*.password', 'headers.cookie', 'headers.authorization', 'token'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
