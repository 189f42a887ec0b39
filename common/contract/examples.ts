import type { z } from 'zod';
import type { createApiTokenSchema } from '../api-token.schema.ts';
import type { createdApiTokenResponseSchema } from '../api-token-response.schema.ts';
import type { blogResponseSchema } from '../blog-response.schema.ts';
import type { createRequestSchema } from '../request.schema.ts';
import type { donationRequestResponseSchema } from '../request-response.schema.ts';
import type { donorResponseSchema, userResponseSchema } from '../user-response.schema.ts';

// The examples the OpenAPI document shows for the main calls (issue 32): one body and one answer
// each. server/features/docs/openapi.test.ts parses every example of the contract with its own
// schema (on 2026-11-29, for the request's date), so none can drift from what the server takes
// or sends.

/** The id the examples give a request (and the server-only examples reuse). */
export const REQUEST_ID = '0193a5e2-7c4d-7b1e-9f3a-2d6c8e0b4a17';
const REQUESTER_ID = '0193a5e0-11aa-7c22-8d33-4e55f6a7b8c9';
const DONOR_ID = '0193a5e1-22bb-7d33-9e44-5f66a7b8c9d0';

export const createRequestExample = {
  recipientName: 'Abdul Karim',
  bloodGroup: 'B+',
  division: 'Khulna',
  district: 'Jashore',
  upazila: 'Jashore Sadar',
  hospitalName: 'Jashore General Hospital',
  fullAddress: 'Ghop, Jashore',
  donationDate: '2026-12-01',
  donationTime: '09:15',
  requestMessage: 'Two bags needed before surgery.',
  bags: 2,
  component: 'whole_blood',
  urgency: 'urgent',
} satisfies z.input<typeof createRequestSchema>;

export const insertedIdExample = { insertedId: REQUEST_ID };

export const donationRequestExample = {
  id: REQUEST_ID,
  _id: REQUEST_ID,
  requesterName: 'Rahima Begum',
  requesterEmail: 'rahima@example.com',
  requesterDeleted: false,
  ...createRequestExample,
  status: 'inprogress',
  donorName: 'Tanvir Hasan',
  donorEmail: 'tanvir@example.com',
  donorDeleted: false,
  createdAt: '2026-11-29T06:30:00.000Z',
  verifiedAt: null,
  verifiedBy: null,
  removed: false,
  confirmationDue: false,
  bagsPledged: 1,
  bagsDonated: 0,
  pledges: [
    {
      id: '0193a5e3-33cc-7e44-8f55-6a77b8c9d0e1',
      donorName: 'Tanvir Hasan',
      donorEmail: 'tanvir@example.com',
      donorDeleted: false,
      status: 'pledged',
      pledgedAt: '2026-11-29T07:05:00.000Z',
      settledAt: null,
    },
  ],
} satisfies z.input<typeof donationRequestResponseSchema>;

export const userExample = {
  id: DONOR_ID,
  _id: DONOR_ID,
  name: 'Tanvir Hasan',
  email: 'tanvir@example.com',
  image: null,
  role: 'donor',
  status: 'active',
  bloodGroup: 'B+',
  division: 'Khulna',
  district: 'Jashore',
  upazila: 'Jashore Sadar',
  lastDonationDate: '2026-06-10T04:00:00.000Z',
  eligible: true,
  eligibleAgainOn: '2026-09-08T04:00:00.000Z',
  available: true,
  availableAgainOn: null,
  searchVisible: true,
  createdAt: '2025-03-02T10:20:00.000Z',
} satisfies z.input<typeof userResponseSchema>;

export const donorExample = {
  id: DONOR_ID,
  _id: DONOR_ID,
  name: 'Tanvir Hasan',
  image: null,
  bloodGroup: 'B+',
  division: 'Khulna',
  district: 'Jashore',
  upazila: 'Jashore Sadar',
  eligible: true,
  available: true,
  availableAgainOn: null,
  email: null,
} satisfies z.input<typeof donorResponseSchema>;

export const blogExample = {
  id: REQUESTER_ID,
  _id: REQUESTER_ID,
  title: 'Why platelets are needed within days',
  image: `/api/images/${REQUESTER_ID}.webp`,
  content: 'Platelets keep for five days.\n\nA dengue season needs many donors at once.',
  status: 'published',
  date: 'Nov 29th 26',
  time: '12:30 PM',
  createdAt: '2026-11-29T06:30:00.000Z',
} satisfies z.input<typeof blogResponseSchema>;

export const createApiTokenExample = {
  name: 'Hospital desk',
  scopes: ['public:read', 'requests:write'],
} satisfies z.input<typeof createApiTokenSchema>;

export const createdApiTokenExample = {
  id: '0193a5e4-44dd-7f55-9a66-7b88c9d0e1f2',
  ...createApiTokenExample,
  createdAt: '2026-11-29T06:30:00.000Z',
  lastUsedAt: null,
  token: 'rh_pat_EXAMPLE-shown-once-keep-it-secret',
} satisfies z.input<typeof createdApiTokenResponseSchema>;
