import { dataExportSchema } from '../data-export.schema.ts';
import { type Endpoint, errors, signedIn } from './define.ts';

// Issue 31 item 4 (PDPO 2025, decision 041): a copy of everything RedHope holds about the caller.
// Its own file: the web downloads it through a plain link and never imports this schema.

/** GET /api/users/me/export: the caller's data as one JSON file, written as it is read. */
export const exportMe = {
  method: 'get',
  path: '/users/me/export',
  tags: ['Privacy'],
  summary:
    'Download a copy of everything RedHope holds about the caller, as a JSON file (an attachment, streamed)',
  security: signedIn,
  responses: {
    200: {
      description:
        'The file (Content-Disposition: attachment). Other people appear only by the name the caller already sees, never with an email or number',
      content: { 'application/json': { schema: dataExportSchema } },
    },
    ...errors(401, 403, 404, 429),
  },
} as const satisfies Endpoint;
