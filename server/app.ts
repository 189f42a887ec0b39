import path from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_IMAGE_BYTES } from '../common/constants.ts';
import { msg } from '../common/message-key.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { languageSource, loadSession } from './auth/session.ts';
import { auditRoutes } from './features/audit/audit.routes.ts';
import { blogsRoutes } from './features/blogs/blogs.routes.ts';
import { contactInboxRoutes, contactRoutes } from './features/contacts/contacts.routes.ts';
import { docsRoutes } from './features/docs/docs.routes.ts';
import { geoRoutes } from './features/geo/geo.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { historyRoutes } from './features/history/history.routes.ts';
import { imagesRoutes } from './features/images/images.routes.ts';
import { matchingRoutes } from './features/matching/matching.routes.ts';
import {
  createHttpMetrics,
  type HttpMetrics,
  recordRequests,
} from './features/metrics/http-metrics.ts';
import { metricsRoutes } from './features/metrics/metrics.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { passwordResetRoutes } from './features/password-reset/password-reset.routes.ts';
import { requestsRoutes } from './features/requests/requests.routes.ts';
import { sharePreviews } from './features/share/share-previews.ts';
import { statsRoutes } from './features/stats/stats.routes.ts';
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
  /** The request counters to add to (shared with the public reads' fast path); else its own. */
  httpMetrics?: HttpMetrics;
}

/** Builds the whole HTTP app. Every feature is mounted here by hand. */
export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  app.use(closeWhenBodyUnread());
  app.use(requestId());
  app.use(requestLog(deps.logger));
  const httpMetrics = options.httpMetrics ?? createHttpMetrics();
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
  // Everything below knows its caller. The auth routes stay behind loadSession on purpose: it
  // ends sessions past their absolute lifetime before better-auth's get-session can return them.
  api.use(loadSession(deps.auth, deps.db));
  api.route('/', authRoutes(deps));
  api.route('/', usersRoutes(deps));
  api.route('/', requestsRoutes(deps));
  api.route('/', matchingRoutes(deps));
  api.route('/', notificationsRoutes(deps));
  api.route('/', statsRoutes(deps));
  api.route('/', imagesRoutes(deps, deps.storage));
  api.route('/', blogsRoutes(deps));
  api.route('/', contactInboxRoutes(deps));
  // Issue 14: trust and the request lifecycle, the audit log, donation history.
  api.route('/', trustRoutes(deps));
  api.route('/', auditRoutes(deps));
  api.route('/', historyRoutes(deps));
  api.route('/', docsRoutes(api));
  api.all('*', () => {
    throw notFound(msg('errors.noSuchEndpoint'));
  });
  app.route('/api', api);

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
