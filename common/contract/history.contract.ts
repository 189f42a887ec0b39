import { paginationSchema } from '../pagination.schema.ts';
import { certificateResponseSchema, donationResponseSchema } from '../trust-response.schema.ts';
import { type Endpoint, errors, json, page, signedIn, uuidParam } from './define.ts';

/** GET /api/donations/mine: the caller's completed donations, latest first; the count in X-Total-Count. */
export const listMyDonations = {
  method: 'get',
  path: '/donations/mine',
  tags: ['Donation history'],
  summary: 'The caller’s completed donations, latest first (X-Total-Count is how many)',
  security: signedIn,
  request: { query: paginationSchema },
  responses: {
    200: page(donationResponseSchema, 'A page of donations'),
    ...errors(401, 403),
  },
} as const satisfies Endpoint;

/** GET /api/donations/:id: what the thank-you certificate of one of the caller's donations says. */
export const getCertificate = {
  method: 'get',
  path: '/donations/{id}',
  tags: ['Donation history'],
  summary: 'The thank-you certificate of one of the caller’s completed donations',
  security: signedIn,
  request: { params: uuidParam },
  responses: {
    200: json(certificateResponseSchema, 'The certificate'),
    ...errors(401, 403, 404),
  },
} as const satisfies Endpoint;
