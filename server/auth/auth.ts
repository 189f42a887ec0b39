import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import { passwordSchema, registerSchema } from '../../common/auth.schema.ts';
import { DEFAULT_LANGUAGE, languageFromHeader } from '../../common/languages.ts';
import { msg } from '../../common/message-key.ts';
import { PRIVACY_NOTICE_VERSION } from '../../common/privacy.ts';
import type { Engine } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import { assertValidPlace } from '../features/geo/places.ts';
import { claimRegistrationPhoto } from '../features/images/unclaimed-uploads.ts';
import * as consents from '../features/privacy/consent.repository.ts';
import type { CounterStore } from '../lib/counter-store.ts';
import type { Env } from '../lib/env.ts';
import { ACCOUNT_BLOCKED_MESSAGE, AppError } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import type { Logger } from '../lib/logger.ts';
import { textOf } from '../lib/messages.ts';
import { publicBaseUrl, trustedOrigins } from '../lib/origins.ts';
import {
  accountLockedMessage,
  countPasswordAttempt,
  failureKey,
  secondsUntil,
} from './account-lockout.ts';
import { PASSWORD_FIELDS } from './auth-surface.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { SESSION_IDLE_SECONDS } from './session-limits.ts';
import { twoFactorPlugins } from './two-factor.ts';

/** The header our own middleware sets from the socket (or trusted proxy); clients cannot forge it. */
export const CLIENT_IP_HEADER = 'x-redhope-client-ip';

export interface AuthDeps {
  logger: Logger;
  db: Kysely<Database>;
  engine: Engine;
  env: Env;
  secret: string;
  counters: CounterStore;
}

/** What a sign-up body may hold; anything else (role, status, …) refuses the whole request. */
const SIGN_UP_KEYS = new Set([...Object.keys(registerSchema.shape), 'rememberMe']);
/**
 * What a sign-in body may hold. Not `callbackURL`: the web never sends one, and better-auth
 * copies it into a Location header, where a Bangla character made a 500 (found by the fuzzer).
 */
const SIGN_IN_KEYS = new Set(['email', 'password', 'rememberMe']);

function refuseOtherKeys(
  body: Record<string, unknown> | undefined,
  allowed: Set<string>,
  sentence: 'validation.fields.notAtRegistration' | 'validation.fields.notAtSignIn',
) {
  const unknown = Object.keys(body ?? {}).filter((key) => !allowed.has(key));
  if (unknown.length) {
    throw refusal('BAD_REQUEST', {
      code: 'FIELD_NOT_ALLOWED',
      message: msg(sentence, { keys: unknown.join(', ') }),
    });
  }
}

/** The lockout's answer: 429, when to try again in Retry-After and in words. */
function accountLocked(resetAt: number): APIError {
  const retryAfter = secondsUntil(resetAt);
  const message = accountLockedMessage(retryAfter);
  return new APIError(
    'TOO_MANY_REQUESTS',
    { code: 'TOO_MANY_ATTEMPTS', message: textOf('en', message), messageKey: message },
    { 'retry-after': String(retryAfter) },
  );
}

/**
 * A refusal thrown inside better-auth: its message in English (what better-auth logs, and what a
 * caller inside the server reads) and, as `messageKey`, the message itself, which the auth
 * routes write in the caller's language (issue 16).
 */
function refusal(
  status: Parameters<typeof APIError.fromStatus>[0],
  { code, message }: { code: string; message: string },
): APIError {
  return APIError.fromStatus(status, { code, message: textOf('en', message), messageKey: message });
}

function toApiError(error: AppError): APIError {
  const status = error.status === 400 ? 'BAD_REQUEST' : 'FORBIDDEN';
  return refusal(status, { code: error.code, message: error.message });
}

export function createAuth({ logger, db, engine, env, secret, counters }: AuthDeps) {
  const baseURL = publicBaseUrl(env);
  const origins = trustedOrigins(env);
  return betterAuth({
    appName: 'RedHope',
    // Its errors go to our log as one line without their arguments: those can carry the request
    // (a rejected body with its password). Our request log covers the rest.
    logger: {
      level: 'error',
      log: (level, message) => logger[level]({ from: 'better-auth' }, message),
    },
    onAPIError: {
      // Without this, better-auth prints each refusal of its endpoints (a bad body, a field not
      // allowed) with console.error as free text, the caller's own words in it: a CR/LF there
      // started a forged log line (issue 25). Thrown instead: a refusal (an APIError) becomes
      // its answer as before, and our request log has it; anything else (a database that cannot
      // be reached) goes on to our error handler, which logs it as JSON with the request id and
      // answers it as every route does (a 503). An onError handler could not do this: what it
      // throws, better-auth swallows and answers with an empty 500.
      throw: true,
    },
    baseURL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: origins,
    database: { db, type: engine, transaction: true },
    // Issue 25: a second factor at sign-in (two-factor.ts).
    plugins: twoFactorPlugins(),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 6,
      maxPasswordLength: 20,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    user: {
      additionalFields: {
        // input: false — never taken from the client; sign-up with any of these is refused.
        role: { type: 'string', input: false, defaultValue: 'donor', required: false },
        status: { type: 'string', input: false, defaultValue: 'active', required: false },
        lastDonationDate: { type: 'date', input: false, required: false },
        searchVisible: { type: 'boolean', input: false, defaultValue: true, required: false },
        bloodGroup: { type: 'string', required: true },
        division: { type: 'string', required: true },
        district: { type: 'string', required: true },
        upazila: { type: 'string', required: false },
      },
    },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: 24 * 60 * 60,
      cookieCache: { enabled: false },
    },
    advanced: {
      // better-auth turns its origin and callbackURL checks off when NODE_ENV is test; keep them
      // on, so the tests see what production does.
      disableOriginCheck: false,
      // Not `joins` (its experimental one-query session read): measured on issue 27's pledge
      // case, no gain on SQLite and 5–11% more CPU a pledge on PostgreSQL (docs/performance.md).
      database: { generateId: () => newId() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: baseURL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    // No OpenTelemetry here: better-auth's spans (on by default) only cost each call a wrapper.
    experimental: { instrumentation: { enabled: false } },
    rateLimit: {
      enabled: env.AUTH_RATE_LIMIT,
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        // Enough for a sign-up drive behind one address (a campus, a carrier's shared address),
        // still a wall for a script (decision 008).
        '/sign-up/email': { window: 60 * 60, max: env.SIGN_UPS_PER_ADDRESS_PER_HOUR },
      },
      customStorage: {
        consume: async (key, rule) => {
          const { count, resetAt } = await counters.hit(`auth:${key}`, rule.window * 1000);
          return count <= rule.max
            ? { allowed: true, retryAfter: null }
            : { allowed: false, retryAfter: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)) };
        },
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Whatever reached this point, a new account is an active donor who never donated.
          before: async (user) => ({
            data: {
              ...user,
              // Nobody becomes admin by registering: `npm run admin -- promote` makes admins.
              role: 'donor',
              status: 'active',
              lastDonationDate: null,
              searchVisible: true,
            },
          }),
        },
      },
      session: {
        create: {
          // Blocked users cannot start a session, whatever their password.
          before: async (session, ctx) => {
            // Through better-auth's adapter when inside its request: on SQLite the sign-in
            // transaction holds the only connection, so a query on `db` would wait forever.
            const user = ctx
              ? ((await ctx.context.internalAdapter.findUserById(session.userId)) as {
                  status?: string;
                } | null)
              : await db
                  .selectFrom('user')
                  .select('status')
                  .where('id', '=', session.userId)
                  .executeTakeFirst();
            if (user?.status === 'block') {
              throw refusal('FORBIDDEN', {
                code: 'ACCOUNT_BLOCKED',
                message: ACCOUNT_BLOCKED_MESSAGE,
              });
            }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const passwordField = PASSWORD_FIELDS[ctx.path];
        if (passwordField) {
          // SPEC §5's password rules on every path that sets one, not better-auth's own.
          const parsed = passwordSchema.safeParse(ctx.body?.[passwordField]);
          if (!parsed.success) {
            throw refusal('BAD_REQUEST', {
              code: 'VALIDATION_FAILED',
              message: parsed.error.issues[0]?.message ?? msg('validation.password.invalid'),
            });
          }
        }
        if (ctx.path === '/sign-up/email') {
          refuseOtherKeys(ctx.body, SIGN_UP_KEYS, 'validation.fields.notAtRegistration');
          const parsed = registerSchema.safeParse(ctx.body);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            throw refusal('BAD_REQUEST', {
              code: 'VALIDATION_FAILED',
              message: issue?.message ?? msg('validation.register.invalid'),
            });
          }
          try {
            await assertValidPlace(db, parsed.data);
          } catch (error) {
            if (error instanceof AppError) throw toApiError(error);
            throw error;
          }
          return { context: { body: { ...ctx.body, ...parsed.data } } };
        }
        if (ctx.path === '/sign-in/email') {
          refuseOtherKeys(ctx.body, SIGN_IN_KEYS, 'validation.fields.notAtSignIn');
          const email = typeof ctx.body?.email === 'string' ? ctx.body.email : '';
          // Counted before the password is checked, in one atomic step: of a burst of guesses
          // arriving together only the first five are checked (issue 25). Reading the count
          // first and adding to it after the check let all forty through.
          const attempt = await countPasswordAttempt(counters, email);
          if (attempt.locked) throw accountLocked(attempt.resetAt);
        }
        return;
      }),
      after: createAuthMiddleware(async (ctx) => {
        const signedIn = ctx.context.newSession?.session.token;
        if (signedIn && (ctx.path === '/sign-in/email' || ctx.path === '/sign-up/email')) {
          // Signing in replaces the session this browser had: the old one ends on the server.
          const previous = await ctx.getSignedCookie(
            ctx.context.authCookies.sessionToken.name,
            ctx.context.secret,
          );
          if (previous && previous !== signedIn)
            await ctx.context.internalAdapter.deleteSession(previous);
        }
        const newUser = ctx.context.newSession?.user;
        if (newUser && ctx.path === '/sign-up/email') {
          // The registration's photo is now this account's: no longer waiting, never swept.
          await claimRegistrationPhoto(db, ctx.body?.image, newUser.id);
          // Issue 31: the consent the before-hook required, with the notice's version and the
          // time. Written after better-auth's transaction (its hooks run there): should it fail,
          // the account simply owes consent and is asked at once, as an older account is.
          await consents.give(db, newUser.id, new Date(), PRIVACY_NOTICE_VERSION);
          // The language the person registered in is theirs until they choose (issue 16).
          const language = languageFromHeader(ctx.headers?.get('accept-language'));
          if (language !== DEFAULT_LANGUAGE) {
            await db.updateTable('user').set({ language }).where('id', '=', newUser.id).execute();
          }
        }
        if (ctx.path !== '/sign-in/email') return;
        const email = typeof ctx.body?.email === 'string' ? ctx.body.email : '';
        // Every attempt was counted before the check; the right password clears the count.
        if (!isAPIError(ctx.context.returned)) await counters.reset(failureKey(email));
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
