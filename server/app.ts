import path from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_IMAGE_BYTES } from '../common/constants.ts';
import { msg } from '../common/message-key.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { passwordChangeRoutes } from './auth/password-change.routes.ts';
import { languageSource, loadSession } from './auth/session.ts';
import { refuseChangedSession } from './auth/session-owner.ts';
import { auditRoutes } from './features/audit/audit.routes.ts';
import { blogsRoutes } from './features/blogs/blogs.routes.ts';
import { contactInboxRoutes, contactRoutes } from './features/contacts/contacts.routes.ts';
import { docsRoutes } from './features/docs/docs.routes.ts';
import { donorEmailsRoutes } from './features/donor-emails/donor-emails.routes.ts';
import { geoRoutes } from './features/geo/geo.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { historyRoutes } from './features/history/history.routes.ts';
import { imagesRoutes } from './features/images/images.routes.ts';
import { matchingRoutes } from './features/matching/matching.routes.ts';
import { createHttpMetrics, recordRequests } from './features/metrics/http-metrics.ts';
import { metricsRoutes } from './features/metrics/metrics.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { outboxRoutes } from './features/outbox/outbox.routes.ts';
import { outcomesRoutes } from './features/outcomes/outcomes.routes.ts';
import { overdueRoutes } from './features/outcomes/overdue.routes.ts';
import { passwordResetRoutes } from './features/password-reset/password-reset.routes.ts';
import { dataExportRoutes } from './features/privacy/data-export.routes.ts';
import { privacyRoutes } from './features/privacy/privacy.routes.ts';
import { lifecycleRoutes } from './features/requests/lifecycle.routes.ts';
import { pledgesRoutes } from './features/requests/pledges.routes.ts';
import { requestsRoutes } from './features/requests/requests.routes.ts';
import { sharePreviews } from './features/share/share-previews.ts';
import { handoffRoutes } from './features/sms/handoff.routes.ts';
import { phoneRoutes } from './features/sms/phone.routes.ts';
import { shortLinkRoutes } from './features/sms/short-link.routes.ts';
import { smsReceiptRoutes } from './features/sms/sms-receipts.routes.ts';
import { statsRoutes } from './features/stats/stats.routes.ts';
import { apiTokensRoutes } from './features/tokens/api-tokens.routes.ts';
import { refuseOutOfScope } from './features/tokens/token-scopes.ts';
import { trustRoutes } from './features/trust/trust.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { apiCacheControl } from './lib/api-cache-control.ts';
import { compressJson } from './lib/compress-json.ts';
import type { AppDeps, AppEnv } from './lib/context.ts';
import { createErrorHandler } from './lib/error-handler.ts';
import { AppError, notFound } from './lib/errors.ts';
import { callerLanguage, textOf } from './lib/messages.ts';
import { createRouter } from './lib/openapi.ts';
import { refuseCrossSiteChanges } from './lib/origins.ts';
import { refuseUnstorableText } from './lib/refuse-unstorable-text.ts';
import { requestId } from './lib/request-id.ts';
import { requestLog } from './lib/request-log.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { staticWeb } from './lib/static-web.ts';
import { closeWhenBodyUnread } from './lib/unread-body.ts';

/** JSON bodies are small forms; uploads get their own, larger limit on their route. */
const JSON_BODY_LIMIT = 100 * 1024;
/** An image of at most 5 MB plus the multipart envelope. */
const UPLOAD_BODY_LIMIT = MAX_IMAGE_BYTES + 64 * 1024;

export interface AppOptions {
  /** Folder of the built web app; when absent only the API is served. */
  webRoot?: string;
}

/** Builds the whole HTTP app. Every feature is mounted here by hand. */
export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  app.use(closeWhenBodyUnread());
  app.use(requestId());
  app.use(requestLog(deps.logger));
  const httpMetrics = createHttpMetrics();
  app.use(recordRequests(httpMetrics));
  app.use(securityHeaders(deps.env));
  // Signed-in answers are never stored anywhere; anonymous ones are revalidated (issue 16).
  app.use('/api/*', apiCacheControl());
  const limitBody = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        // The rest of the body is never read, so the connection cannot carry another request:
        // say so, and Node closes it once this answer is sent.
        c.header('Connection', 'close');
        throw new AppError(413, 'PAYLOAD_TOO_LARGE', msg('errors.tooLarge'));
      },
    });
  const jsonLimit = limitBody(JSON_BODY_LIMIT);
  const uploadLimit = limitBody(UPLOAD_BODY_LIMIT);
  app.use('/api/*', (c, next) => {
    // GET and HEAD carry no body on Node's server; asking would build a whole web Request (the
    // largest single cost of a donor search in the bench's profile, issue 10).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return c.req.path === '/api/images' ? uploadLimit(c, next) : jsonLimit(c, next);
  });
  app.use('/api/*', refuseUnstorableText());
  app.use('/api/*', compressJson());

  // Our own changes refuse other sites; better-auth checks the origin of its routes itself.
  const crossSite = refuseCrossSiteChanges(deps.env);
  app.use('/api/*', (c, next) =>
    c.req.path.startsWith('/api/auth/') ? next() : crossSite(c, next),
  );

  const api = createRouter();
  // Routes that never look at the caller answer before the session is read, so a signed-in
  // browser's geo or health request costs no session lookup.
  api.route('/', healthRoutes(deps));
  api.route('/', metricsRoutes(deps, httpMetrics));
  api.route('/', geoRoutes(deps));
  api.route('/', contactRoutes(deps));
  api.route('/', passwordResetRoutes(deps));
  // Issue 29: the measures of outcomes, the same for everyone.
  api.route('/', outcomesRoutes(deps));
  // Issue 28: an HTTP SMS gateway's delivery receipts (a server, not a person, calls it).
  api.route('/', smsReceiptRoutes(deps));
  // Everything below knows its caller. The auth routes stay behind loadSession on purpose: it
  // ends sessions past their absolute lifetime before better-auth's get-session can return them.
  api.use(loadSession(deps.auth, deps.db));
  // Issue 32: a personal API token reaches only the routes its scopes list.
  api.use(refuseOutOfScope);
  api.route('/', authRoutes(deps));
  // A stale tab's change under another account than the one it showed is refused (issue 30).
  api.use(refuseChangedSession);
  api.route('/', passwordChangeRoutes(deps));
  // Issue 28: before the users' routes, whose /users/:id would take /users/me/phone.
  api.route('/', phoneRoutes(deps));
  // Issue 28: the numbers of a pledge's two sides (decision 036).
  api.route('/', handoffRoutes(deps));
  // Issue 31: also before the users' routes (/users/me/consent, DELETE /users/me).
  api.route('/', privacyRoutes(deps));
  // Issue 32: personal API tokens for programs.
  api.route('/', apiTokensRoutes(deps));
  api.route('/', dataExportRoutes(deps));
  api.route('/', usersRoutes(deps));
  api.route('/', requestsRoutes(deps));
  api.route('/', matchingRoutes(deps));
  api.route('/', notificationsRoutes(deps));
  api.route('/', statsRoutes(deps));
  api.route('/', imagesRoutes(deps));
  api.route('/', blogsRoutes(deps));
  api.route('/', contactInboxRoutes(deps));
  // Issue 14: trust and the request lifecycle, the audit log, donation history.
  api.route('/', lifecycleRoutes(deps));
  // Issue 27: pledge outcomes and the number of bags.
  api.route('/', pledgesRoutes(deps));
  api.route('/', trustRoutes(deps));
  // Issue 29: the staff dashboard's requests open longer than their urgency allows.
  api.route('/', overdueRoutes(deps));
  api.route('/', auditRoutes(deps));
  api.route('/', historyRoutes(deps));
  // Issue 25: who went past their daily budget of donor emails.
  api.route('/', donorEmailsRoutes(deps));
  api.route('/', outboxRoutes(deps));
  api.route('/', docsRoutes(api));
  api.all('*', () => {
    throw notFound(msg('errors.noSuchEndpoint'));
  });
  app.route('/api', api);
  // Issue 28: an SMS's short link to a request.
  app.route('/', shortLinkRoutes());

  if (options.webRoot) {
    const transformIndex = sharePreviews(deps);
    app.route('/', staticWeb(path.resolve(options.webRoot), { transformIndex }));
  }
  const languages = languageSource(deps.auth, deps.db);
  app.onError(createErrorHandler(deps.logger, languages));
  app.notFound(async (c) => {
    const message = textOf(await callerLanguage(c, languages), msg('errors.pageNotFound'));
    return c.json({ error: { code: 'NOT_FOUND', message } }, 404);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
