import { isIP } from 'node:net';
import { z } from 'zod';
import { BLOOD_GROUPS, type BloodGroup } from '../../common/constants.ts';
import { parseHttpSmsFields } from './http-sms-fields.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

/** Minutes between two alert waves: at least one, at most a day. */
const waveMinutes = z.coerce
  .number()
  .int()
  .min(1)
  .max(24 * 60);
/** Waves one round of alerts may send. */
const maxWaves = z.coerce.number().int().min(1).max(50);

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
  // Days a donor rests after a donation, by what they gave (issue 27, decision 031): whole blood
  // and red cells (one whole-blood donation), platelets and plasma (by apheresis).
  DONATION_INTERVAL_DAYS: z.coerce.number().int().min(1).max(365).default(120),
  PLATELETS_INTERVAL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  PLASMA_INTERVAL_DAYS: z.coerce.number().int().min(1).max(365).default(28),
  // Issue 25: donors whose email one signed-in account may see in a day (Dhaka's calendar day),
  // against harvesting every donor's address; past it, emails are hidden as from a visitor.
  // New accounts (younger than NEW_ACCOUNT_DAYS, or with an unverified email) get the smaller
  // budget; staff have none.
  DONOR_EMAILS_PER_DAY: z.coerce.number().int().min(0).max(100_000).default(100),
  NEW_ACCOUNT_DONOR_EMAILS_PER_DAY: z.coerce.number().int().min(0).max(100_000).default(20),
  NEW_ACCOUNT_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  // Issue 14: open requests (pending or in progress) one person may have at once, against floods.
  MAX_OPEN_REQUESTS_PER_USER: z.coerce.number().int().min(1).max(1000).default(3),
  // Issue 14: days after its date an in-progress request nobody confirmed is closed as expired.
  UNCONFIRMED_CLOSE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  // Issue 31 (PDPO 2025, decision 041): days each kind of record is kept; the hourly purge
  // (features/privacy/retention.jobs.ts) deletes what is older, in batches.
  RETENTION_CONTACT_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  RETENTION_NOTIFICATION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  RETENTION_JOB_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  RETENTION_FAILED_JOB_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  RETENTION_AUDIT_DAYS: z.coerce.number().int().min(30).max(3650).default(730),
  RETENTION_CODE_DAYS: z.coerce.number().int().min(1).max(365).default(1),
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
  // SMS (issue 28): smpp://system_id:password@host:port (ssmpp:// over TLS) for an aggregator's
  // SMPP 3.4 gateway, or an https:// (http://) address for the HTTP adapter (docs/operations.md);
  // empty means SMS is off (no phone verification, no SMS alerts; the server says so at start).
  SMS_URL: z
    .string()
    .regex(
      /^(s?smpp|https?):\/\//,
      'must be an smpp://, ssmpp:// or https:// URL (leave it empty to turn SMS off)',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // The sender the aggregator registered for RedHope: up to 11 letters and digits, or a number.
  SMS_SENDER_ID: z
    .string()
    .regex(
      /^(?:[A-Za-z0-9 ]{1,11}|\+?\d{3,15})$/,
      'must be up to 11 letters and digits, or a number',
    )
    .default('RedHope'),
  // The HTTP adapter's bearer token, when the aggregator's API takes one.
  SMS_HTTP_TOKEN: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // What the aggregator's HTTP API takes (http-sms-fields.ts): JSON or form fields, and its
  // names for our four fields (to=number,from=senderid,text=message,reference=csms_id).
  SMS_HTTP_BODY: z.enum(['json', 'form'], { error: 'must be json or form' }).default('json'),
  SMS_HTTP_FIELDS: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const names = parseHttpSmsFields(text);
      if (typeof names === 'string') {
        ctx.addIssue({ code: 'custom', message: names });
        return z.NEVER;
      }
      return names;
    }),
  // The HTTP adapter's delivery receipts (issue 28): the gateway posts them to
  // /api/sms/receipts/<this secret>; unset, that address does not exist (404).
  SMS_RECEIPT_SECRET: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{24,200}$/,
      'must be 24 to 200 letters, digits, - or _ (it goes in a URL)',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // SMS alerts one donor gets in a Dhaka day, and SMS parts all of RedHope sends in one (the
  // budget; past it alerts go in-app and by email only, and admins see it reached).
  SMS_PER_DONOR_PER_DAY: z.coerce.number().int().min(0).max(50).default(2),
  SMS_DAILY_BUDGET: z.coerce.number().int().min(0).max(10_000_000).default(1000),
  // Alerts to matching donors come in waves: the best few first, then the next ones every few
  // minutes while a bag is still open, up to a number of waves; each wave alerts its size for
  // every bag still open. By the request's urgency (issue 27, decision 031): ALERT_* for
  // scheduled requests (the default, and every request made before: as before), URGENT_ALERT_*
  // for urgent ones, CRITICAL_ALERT_* for critical ones, sooner and wider.
  ALERT_WAVE_SIZE: z.coerce.number().int().min(1).max(50).default(1),
  ALERT_WAVE_MINUTES: waveMinutes.default(60),
  ALERT_MAX_WAVES: maxWaves.default(50),
  URGENT_ALERT_WAVE_SIZE: z.coerce.number().int().min(1).max(50).default(2),
  URGENT_ALERT_WAVE_MINUTES: waveMinutes.default(15),
  URGENT_ALERT_MAX_WAVES: maxWaves.default(30),
  CRITICAL_ALERT_WAVE_SIZE: z.coerce.number().int().min(1).max(50).default(6),
  CRITICAL_ALERT_WAVE_MINUTES: waveMinutes.default(5),
  CRITICAL_ALERT_MAX_WAVES: maxWaves.default(12),
  // Decision 047: a wave tops up the alerts still awaiting an answer to its size per open bag,
  // rather than adding a full wave each time. Decision 050: the sizes by urgency, from the
  // simulator: 1 for a scheduled request (days to spare: one donor at a time, an hour to answer),
  // 2 for an urgent one, 6 for a critical one (about 1 ÷ the 20% of alerted donors who pledge, so
  // its first wave likely finds one within minutes). A wave with nothing to add waits for the
  // oldest awaited answer to lapse and is not counted. An alert awaits its answer this many
  // minutes (scheduled requests; URGENT_ and CRITICAL_ for the others, decision 050); 0: none
  // does, every wave full (as before).
  ALERT_ANSWER_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
  URGENT_ALERT_ANSWER_MINUTES: z.coerce.number().int().min(0).max(1440).default(30),
  CRITICAL_ALERT_ANSWER_MINUTES: z.coerce.number().int().min(0).max(1440).default(20),
  // Decision 047: the waves of urgent and scheduled requests wait through quiet hours
  // (22:00–07:00 Dhaka) and go at 07:00 if a bag is still open; critical ones never wait.
  ALERT_QUIET_HOURS: z
    .enum(['true', 'false', '1', '0', ''])
    .default('true')
    .transform((v) => v !== 'false' && v !== '0'),
  // Blood groups few people have: a critical request for one alerts its district and division
  // from the first wave, beside its upazila, instead of nearest first.
  ALERT_RARE_GROUPS: z
    .string()
    .default('O-,AB-')
    .transform((text, ctx) => {
      const entries = text
        .split(',')
        .map((entry) => entry.trim().toUpperCase())
        .filter(Boolean);
      const bad = entries.filter((entry) => !(BLOOD_GROUPS as readonly string[]).includes(entry));
      if (bad.length) {
        ctx.addIssue({
          code: 'custom',
          message: `must be blood groups separated by commas (O-,AB-); not ${bad.join(', ')}`,
        });
      }
      return entries as BloodGroup[];
    }),
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
    requirePublicUrlInProduction(result.data);
    const missing = S3_KEYS.filter((key) => !result.data[key]);
    if (missing.length === 0 || missing.length === S3_KEYS.length) return result.data;
    throw new EnvError(
      `Invalid configuration:\n  ${missing.join(', ')}: needed too, because another S3_ setting is set`,
    );
  }
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
}

/**
 * In production PUBLIC_URL is required, not assumed (issue 25). Without it the site's own origin
 * is http://localhost:PORT: every change sent from the real address would be refused as
 * cross-site, and shared links, emails and previews would point at localhost. A warning at start
 * is easy to miss in a container's log; a server that refuses to start names the fix at once.
 * Development and tests (and `npm start`, which sets no NODE_ENV) keep the localhost default.
 */
function requirePublicUrlInProduction(env: Env): void {
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    throw new EnvError(
      'Invalid configuration:\n  PUBLIC_URL: required when NODE_ENV=production: the address people use, such as https://redhope.example.org (changes from any other origin are refused)',
    );
  }
}
