import { etag } from 'hono/etag';
import {
  listDistricts,
  listDivisions,
  listUpazilas,
} from '../../../common/contract/geo.contract.ts';
import type { AppDeps } from '../../lib/context.ts';
import { createRouter } from '../../lib/openapi.ts';
import { findAllDivisions, findDistricts, findUpazilas } from './geo.repository.ts';

/** Reference data rarely changes: let browsers and proxies keep it for a day, revalidating by ETag. */
const CACHE = 'public, max-age=86400';

export function geoRoutes({ db }: AppDeps) {
  const routes = createRouter();
  routes.use('/divisions', etag());
  routes.use('/districts', etag());
  routes.use('/upazilas', etag());
  return routes
    .openapi(listDivisions, async (c) => {
      c.header('Cache-Control', CACHE);
      return c.json(await findAllDivisions(db), 200);
    })
    .openapi(listDistricts, async (c) => {
      c.header('Cache-Control', CACHE);
      return c.json(await findDistricts(db, c.req.valid('query').divisionId), 200);
    })
    .openapi(listUpazilas, async (c) => {
      c.header('Cache-Control', CACHE);
      return c.json(await findUpazilas(db, c.req.valid('query').districtId), 200);
    });
}
