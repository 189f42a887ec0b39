import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { z } from 'zod';
import type {
  DistrictResponse,
  DivisionResponse,
  UpazilaResponse,
} from '../../../common/geo.schema.ts';
import type { AppDeps, AppEnv } from '../../lib/context.ts';
import { validate } from '../../lib/validate.ts';
import { findAllDivisions, findDistricts, findUpazilas } from './geo.repository.ts';

const positiveId = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .positive(`${label} must be a positive number.`)
    .optional();

/** Reference data rarely changes: let browsers and proxies keep it for a day, revalidating by ETag. */
const CACHE = 'public, max-age=86400';

export function geoRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .use(etag())
    .get('/divisions', async (c) => {
      c.header('Cache-Control', CACHE);
      return c.json((await findAllDivisions(db)) satisfies DivisionResponse[]);
    })
    .get(
      '/districts',
      validate('query', z.object({ divisionId: positiveId('divisionId') })),
      async (c) => {
        c.header('Cache-Control', CACHE);
        const districts = await findDistricts(db, c.req.valid('query').divisionId);
        return c.json(districts satisfies DistrictResponse[]);
      },
    )
    .get(
      '/upazilas',
      validate('query', z.object({ districtId: positiveId('districtId') })),
      async (c) => {
        c.header('Cache-Control', CACHE);
        const upazilas = await findUpazilas(db, c.req.valid('query').districtId);
        return c.json(upazilas satisfies UpazilaResponse[]);
      },
    );
}
