import { metrics } from '../../../common/contract/system.contract.ts';
import { msg } from '../../../common/message-key.ts';
import { clientIp } from '../../auth/client-ip.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/openapi.ts';
import type { HttpMetrics } from './http-metrics.ts';
import { jobsBacklog } from './jobs-backlog.ts';
import { metricsAccess } from './metrics-access.ts';
import { renderProcessMetrics } from './process-metrics.ts';
import { PROMETHEUS_CONTENT_TYPE } from './prometheus-text.ts';

/** GET /api/metrics for Prometheus: this app's request counters, the process, the job backlog. */
export function metricsRoutes({ db, engine, env }: AppDeps, http: HttpMetrics) {
  const access = metricsAccess(env);
  const backlog = jobsBacklog(db, engine);
  return createRouter().openapi(metrics, async (c) => {
    switch (access(clientIp(c, env.TRUST_PROXY), c.req.header('authorization'))) {
      case 'off':
        // The same answer as any unknown path: an unconfigured server has no metrics endpoint.
        throw notFound(msg('errors.noSuchEndpoint'));
      case 'no-token':
        c.header('WWW-Authenticate', 'Bearer realm="metrics"');
        throw new AppError(401, 'UNAUTHORIZED', msg('errors.metrics.needToken'));
      case 'address-refused':
        throw forbidden(msg('errors.metrics.address'));
      case 'allowed':
        break;
    }
    const text = http.render() + renderProcessMetrics() + (await backlog());
    return c.text(text, 200, {
      'Content-Type': PROMETHEUS_CONTENT_TYPE,
      'Cache-Control': 'no-store',
    });
  });
}
