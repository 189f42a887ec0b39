import { describe, expect, it } from 'vitest';
import { isBuildAsset, isPublicRead, isStorable, publicPageKey } from './sw-rules.ts';

const url = (address: string) => new URL(address, 'https://redhope.example');
const answer = (cacheControl: string | null, status = 200, type: ResponseType = 'basic') => ({
  status,
  type,
  headers: new Headers(cacheControl ? { 'cache-control': cacheControl } : {}),
});

describe('what the service worker keeps (issue 16)', () => {
  it('keeps the public pages under their own address, without a query', () => {
    expect(publicPageKey(url('/'))).toBe('/');
    expect(publicPageKey(url('/blogs/'))).toBe('/blogs');
    expect(publicPageKey(url('/blood-donation-request'))).toBe('/blood-donation-request');
    expect(publicPageKey(url('/search-donor?bloodGroup=A%2B'))).toBeNull();
    expect(publicPageKey(url('/dashboard'))).toBeNull();
    expect(publicPageKey(url('/blogs/0190a0a0'))).toBeNull();
  });

  it('reads only the public lists from the API, never a requester’s own', () => {
    expect(isPublicRead(url('/api/donation-request?status=pending&page=1&limit=9'))).toBe(true);
    expect(isPublicRead(url('/api/blogs/publish?page=1'))).toBe(true);
    expect(isPublicRead(url('/api/donation-request?email=a%40b.org&status=pending'))).toBe(false);
    expect(isPublicRead(url('/api/donation-request?status=done'))).toBe(false);
    expect(isPublicRead(url('/api/donation-request/all'))).toBe(false);
    expect(isPublicRead(url('/api/users/me'))).toBe(false);
    expect(isPublicRead(url('/api/auth/get-session'))).toBe(false);
    expect(isPublicRead(url('/api/blogs?status=draft'))).toBe(false);
  });

  it('never keeps an answer marked private or no-store, an error or another site’s', () => {
    expect(isStorable(answer('no-cache'))).toBe(true);
    expect(isStorable(answer('public, max-age=31536000, immutable'))).toBe(true);
    expect(isStorable(answer(null))).toBe(true);
    expect(isStorable(answer('private, no-store'))).toBe(false);
    expect(isStorable(answer('No-Store'))).toBe(false);
    expect(isStorable(answer('private'))).toBe(false);
    expect(isStorable(answer('private="set-cookie", max-age=60'))).toBe(false);
    expect(isStorable(answer('no-cache', 401))).toBe(false);
    expect(isStorable(answer('no-cache', 206))).toBe(false);
    expect(isStorable(answer('no-cache', 200, 'opaque'))).toBe(false);
  });

  it('serves hashed build files from the cache first', () => {
    expect(isBuildAsset(url('/assets/index-C0S8m62X.js'))).toBe(true);
    expect(isBuildAsset(url('/api/images/x.webp'))).toBe(false);
  });
});
