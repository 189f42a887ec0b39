import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key.ts';

describe('the address a per-address limit counts by', () => {
  it('keeps an IPv4 address, and reads an IPv4-mapped IPv6 address as IPv4', () => {
    expect(addressKey('103.4.145.2')).toBe('103.4.145.2');
    expect(addressKey('::ffff:103.4.145.2')).toBe('103.4.145.2');
    expect(addressKey('::FFFF:10.0.0.1')).toBe('10.0.0.1');
  });

  it('counts every address of one IPv6 /64 together, and other /64s apart', () => {
    const home = addressKey('2400:c600:1234:5678::1');
    expect(home).toBe('2400:c600:1234:5678::/64');
    expect(addressKey('2400:c600:1234:5678:abcd:ef01:2345:6789')).toBe(home);
    expect(addressKey('2400:C600:1234:5678:ffff::')).toBe(home);
    expect(addressKey('2400:c600:1234:5679::1')).not.toBe(home);
  });

  it('expands shortened groups and :: anywhere', () => {
    expect(addressKey('2001:db8::1')).toBe('2001:0db8:0000:0000::/64');
    expect(addressKey('::1')).toBe('0000:0000:0000:0000::/64');
    expect(addressKey('fe80::1:2:3:4')).toBe('fe80:0000:0000:0000::/64');
    expect(addressKey('64:ff9b::192.0.2.33')).toBe('0064:ff9b:0000:0000::/64');
  });

  it('leaves anything else as it is (an in-process test has no socket: "unknown")', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
