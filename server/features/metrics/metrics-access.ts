import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { Env } from '../../lib/env.ts';

export type MetricsAccess = 'off' | 'allowed' | 'no-token' | 'address-refused';

/** METRICS_ALLOW as a matcher: single addresses and CIDR networks, IPv4 and IPv6. */
function allowList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `::ffff:10.0.0.5` (an IPv4 client of a dual-stack socket) is 10.0.0.5. */
const unmapped = (ip: string) => ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/**
 * Who may read the metrics: off when neither METRICS_TOKEN nor METRICS_ALLOW is set; else a
 * caller from an allowed address, or one presenting the token (compared in constant time).
 */
export function metricsAccess(env: Pick<Env, 'METRICS_TOKEN' | 'METRICS_ALLOW'>) {
  const allowed = env.METRICS_ALLOW.length ? allowList(env.METRICS_ALLOW) : null;
  const token = env.METRICS_TOKEN ? digest(env.METRICS_TOKEN) : null;
  return (clientIp: string, authorization: string | undefined): MetricsAccess => {
    if (!allowed && !token) return 'off';
    const ip = unmapped(clientIp);
    const family = isIP(ip);
    if (allowed && family && allowed.check(ip, family === 6 ? 'ipv6' : 'ipv4')) return 'allowed';
    const presented = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    if (token && presented && timingSafeEqual(digest(presented), token)) return 'allowed';
    return token ? 'no-token' : 'address-refused';
  };
}
