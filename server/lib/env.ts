import { isIP } from 'node:net';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

/** Every setting the server reads. Parsed once at start-up; see .env.example. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it empty to use SQLite)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRUST_PROXY: booleanFlag,
  AUTH_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Anonymous public reads answered without the framework (decision 021); off only to compare.
  PUBLIC_READS_FAST_PATH: z
    .enum(['true', 'false', '1', '0', ''])
    .default('true')
    .transform((v) => v !== 'false' && v !== '0'),
  // Per-address limits on sign-in (10/min) and sign-up (SIGN_UPS_PER_ADDRESS_PER_HOUR). Only
  // tests turn this off.
  AUTH_RATE_LIMIT: z
    .enum(['true', 'false', '1', '0', ''])
    .default('true')
    .transform((v) => v !== 'false' && v !== '0'),
  // Limits behind a shared address (campus Wi-Fi, a carrier's shared address): decision 008.
  // Sign-ups from one address an hour; visitors' photo uploads an hour are twice this.
  SIGN_UPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  // Photos a visitor uploaded that no registration has used yet: per address, and everywhere
  // (past this ceiling an address with one such photo waits), both over the last hour.
  UNCLAIMED_PHOTOS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  UNCLAIMED_PHOTOS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(500),
  DONATION_INTERVAL_DAYS: z.coerce.number().int().min(1).max(365).default(120),
  // Issue 14: open requests (pending or in progress) one person may have at once, against floods.
  MAX_OPEN_REQUESTS_PER_USER: z.coerce.number().int().min(1).max(1000).default(3),
  // Issue 14: days after its date an in-progress request nobody confirmed is closed as expired.
  UNCONFIRMED_CLOSE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  // Retired: it made whoever registered that address first an admin, at every start.
  ADMIN_EMAIL: z
    .string()
    .max(0, 'is no longer read: make the first admin with `npm run admin -- promote EMAIL`')
    .optional()
    .transform(() => undefined),
  // S3-compatible object storage for uploads; all four of endpoint, bucket and keys, or none.
  S3_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_BUCKET: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  // GET /api/metrics (Prometheus): answered only with this bearer token or to METRICS_ALLOW's
  // addresses; with neither set it does not exist (404).
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  METRICS_ALLOW: z
    .string()
    .optional()
    .transform((text, ctx) => {
      const entries = (text ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = entries.filter((entry) => !isAddressOrNetwork(entry));
      if (bad.length) {
        ctx.addIssue({
          code: 'custom',
          message: `must be addresses or networks separated by commas (10.0.0.5, 10.0.0.0/8, ::1); not ${bad.join(', ')}`,
        });
      }
      return entries;
    }),
  // Email (issue 13): an smtp:// or smtps:// URL with any credentials in it; empty means email is
  // off (in-app notifications only, password reset unavailable — the server says so at start).
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL (leave it empty to turn email off)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('RedHope <no-reply@redhope.local>'),
  // Alerts to matching donors come in waves: the best ALERT_WAVE_SIZE first, then the next ones
  // every ALERT_WAVE_MINUTES while nobody has accepted, ALERT_MAX_WAVES in all.
  ALERT_WAVE_SIZE: z.coerce.number().int().min(1).max(50).default(5),
  ALERT_WAVE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  ALERT_MAX_WAVES: z.coerce.number().int().min(1).max(20).default(4),
  // No donor gets more than this many request alerts in seven days.
  ALERTS_PER_DONOR_PER_WEEK: z.coerce.number().int().min(1).max(50).default(3),
  // The donor of an accepted request is reminded this many hours before the donation time.
  DONATION_REMINDER_HOURS: z.coerce.number().int().min(1).max(72).default(3),
  // Background work (alerts, reminders, email): how often each instance looks for due work, and
  // how long a claimed job is held before another instance may take it over (its worker died).
  JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
});

export type Env = z.infer<typeof envSchema>;

/** `10.0.0.5`, `::1`, or a network in CIDR form (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrNetwork(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const S3_KEYS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export class EnvError extends Error {}

/** Parses the environment; throws an EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) {
    const missing = S3_KEYS.filter((key) => !result.data[key]);
    if (missing.length === 0 || missing.length === S3_KEYS.length) return result.data;
    throw new EnvError(
      `Invalid configuration:\n  ${missing.join(', ')}: needed too, because another S3_ setting is set`,
    );
  }
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
}
