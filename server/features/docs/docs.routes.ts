import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import { msg } from '../../../common/message-key.ts';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import type { Router } from '../../lib/openapi.ts';
import { finishDocument } from './finish-document.ts';

const require = createRequire(import.meta.url);
/** Swagger UI's files, from the npm package: nothing is fetched from a CDN. */
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

// The page starts Swagger UI from a file of ours, not an inline script (our CSP allows none).
const INIT_SCRIPT = `window.addEventListener('load', () => {
  window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs', deepLinking: true });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>RedHope API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script>
</body>
</html>
`;

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of the whole API, built from the endpoint
 * definitions the app mounts. GET /api/docs: the same, readable by people.
 */
export function docsRoutes(api: Router) {
  api.openAPIRegistry.registerComponent('securitySchemes', 'cookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'better-auth.session_token',
    description: 'The browser session (httpOnly), set by sign-in and sign-up',
  });
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description:
      'A personal API token from POST /api/tokens (rh_pat_…, scoped), or a session token from POST /api/jwt',
  });
  let document: unknown;
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => {
      document ??= finishDocument(
        api.getOpenAPI31Document({
          openapi: '3.1.0',
          info: {
            title: 'RedHope API',
            version: '1',
            description:
              'Find, request and donate blood in Bangladesh. Errors answer {error: {code, message, details?}}: `code` is one of a documented enum, `message` is in the caller’s language. Lists are JSON arrays paged with ?page=&limit= and the X-Total-Count and Link headers. Answers may gain fields: ignore the ones you do not know.',
          },
          servers: [{ url: '/api' }],
        }),
      );
      c.header('Cache-Control', 'no-cache');
      return c.json(document);
    })
    .get('/docs', (c) => c.html(PAGE))
    .get('/docs/assets/init.js', (c) =>
      c.body(INIT_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
    )
    .get('/docs/assets/:file', (c) => {
      const file = c.req.param('file');
      const type = ASSETS[file];
      if (!type) throw notFound(msg('errors.noSuchFile'));
      return c.body(fs.readFileSync(path.join(SWAGGER_UI_DIR, file)), 200, {
        'Content-Type': type,
        'Cache-Control': 'public, max-age=86400',
      });
    });
}
