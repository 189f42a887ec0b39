import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address a per-address limit counts by. An IPv4 address as it is; an IPv6 address by its
 * /64 network, because one household or phone is given a whole /64 and could otherwise take a
 * fresh address for every request (better-auth's own limiter does the same for sign-ups).
 * An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) counts as the IPv4 address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight 4-digit groups of a valid IPv6 address (`2001:db8::1` → 2001, 0db8, 0000, …). */
function expandIPv6(ip: string): string[] {
  // A trailing dotted IPv4 part (e.g. ::1.2.3.4) stands for the last two groups.
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  let text = ip.toLowerCase();
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
    text = `${text.slice(0, dotted.index)}${hex(a, b)}:${hex(c, d)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => group.padStart(4, '0'));
}
