import { z } from 'zod';
import {
  districtResponseSchema,
  divisionResponseSchema,
  upazilaResponseSchema,
} from '../geo.schema.ts';
import { msg } from '../message-key.ts';
import { type Endpoint, errors, json, notModified } from './define.ts';

const positiveId = (label: string) =>
  z.coerce
    .number({ error: msg('validation.placeId.number', { label }) })
    .int(msg('validation.placeId.whole', { label }))
    .positive(msg('validation.placeId.positive', { label }))
    .optional();

/** GET /api/divisions: the 8 divisions. */
export const listDivisions = {
  method: 'get',
  path: '/divisions',
  tags: ['Places'],
  summary: 'Divisions of Bangladesh (English and Bangla names)',
  responses: {
    200: json(z.array(divisionResponseSchema), 'Every division'),
    ...notModified,
    ...errors(),
  },
} as const satisfies Endpoint;

/** GET /api/districts?divisionId=: districts, all or of one division. */
export const listDistricts = {
  method: 'get',
  path: '/districts',
  tags: ['Places'],
  summary: 'Districts, all or of one division',
  request: { query: z.object({ divisionId: positiveId('divisionId') }) },
  responses: {
    200: json(z.array(districtResponseSchema), 'Districts'),
    ...notModified,
    ...errors(),
  },
} as const satisfies Endpoint;

/** GET /api/upazilas?districtId=: upazilas, all or of one district. */
export const listUpazilas = {
  method: 'get',
  path: '/upazilas',
  tags: ['Places'],
  summary: 'Upazilas, all or of one district',
  request: { query: z.object({ districtId: positiveId('districtId') }) },
  responses: { 200: json(z.array(upazilaResponseSchema), 'Upazilas'), ...notModified, ...errors() },
} as const satisfies Endpoint;
