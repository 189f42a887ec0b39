import { inject } from 'vitest';
import type { E2eSite } from './global-setup.ts';

/**
 * The built server this test worker uses (tests/e2e/global-setup.ts starts one per worker).
 * VITEST_POOL_ID numbers the workers from 1, and a worker keeps its number for the whole run.
 */
function ownSite(): E2eSite {
  const sites = inject('sites');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const site = sites[(Math.max(1, worker) - 1) % sites.length];
  if (!site) throw new Error('no e2e server was started (tests/e2e/global-setup.ts)');
  return site;
}

/** The address of this worker's server, e.g. http://127.0.0.1:41234. */
export const baseUrl = () => ownSite().baseUrl;

/** The data directory of this worker's server (its SQLite file is `redhope.sqlite` there). */
export const dataDir = () => ownSite().dataDir;
