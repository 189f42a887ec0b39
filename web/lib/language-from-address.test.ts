import { describe, expect, it } from 'vitest';
import { addressAfterLanguageTap } from './language-from-address.ts';

// A tap on the language switch before the app has taken the page over submits a GET form, which
// replaces the page's query: the filters of a shared search must come back, and only those.

const tap = (address: string, referrer: string) =>
  addressAfterLanguageTap(new URL(address), referrer);

describe('the address after an early tap on the language switch', () => {
  it('takes the page’s own query back from the page the tap was made on', () => {
    expect(
      tap(
        'https://redhope.org/search-donor?lang=bn',
        'https://redhope.org/search-donor?bloodGroup=A%2B&district=Dhaka&page=2',
      ),
    ).toEqual({
      address: 'https://redhope.org/search-donor?bloodGroup=A%2B&district=Dhaka&page=2',
      asked: 'bn',
    });
  });

  it('drops only lang when there was no other query', () => {
    expect(tap('https://redhope.org/blogs?lang=en', 'https://redhope.org/blogs')).toEqual({
      address: 'https://redhope.org/blogs',
      asked: 'en',
    });
    expect(tap('https://redhope.org/?lang=bn', '')).toEqual({
      address: 'https://redhope.org/',
      asked: 'bn',
    });
  });

  it('never takes a query from another page or another site', () => {
    expect(
      tap('https://redhope.org/blogs?lang=bn', 'https://redhope.org/search-donor?bloodGroup=O-'),
    ).toEqual({ address: 'https://redhope.org/blogs', asked: 'bn' });
    expect(
      tap('https://redhope.org/search-donor?lang=bn', 'https://evil.example/search-donor?x=1'),
    ).toEqual({ address: 'https://redhope.org/search-donor', asked: 'bn' });
  });

  it('keeps a query the address has besides lang, and never brings back an older lang', () => {
    expect(
      tap(
        'https://redhope.org/search-donor?bloodGroup=B%2B&lang=bn',
        'https://redhope.org/search-donor?bloodGroup=O-',
      ),
    ).toEqual({ address: 'https://redhope.org/search-donor?bloodGroup=B%2B', asked: 'bn' });
    expect(
      tap(
        'https://redhope.org/search-donor?lang=en',
        'https://redhope.org/search-donor?lang=bn&bloodGroup=O-',
      ),
    ).toEqual({ address: 'https://redhope.org/search-donor?bloodGroup=O-', asked: 'en' });
  });
});
