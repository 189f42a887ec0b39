import { describe, expect, it } from 'vitest';
import { facebookShareUrl, requestLink, whatsAppShareUrl } from './share-links.ts';

const ID = '0190a0a0-0000-7000-8000-000000000001';

describe('share links (issue 27)', () => {
  it('points at the request on this site', () => {
    expect(requestLink('https://redhope.example', ID)).toBe(
      `https://redhope.example/blood-donation-request/${ID}`,
    );
  });

  it('keeps a Bangla sharer’s language in the link, so its preview is in Bangla (issue 30)', () => {
    expect(requestLink('https://redhope.example', ID, 'bn')).toBe(
      `https://redhope.example/blood-donation-request/${ID}?lang=bn`,
    );
    expect(requestLink('https://redhope.example', ID, 'en')).toBe(
      `https://redhope.example/blood-donation-request/${ID}`,
    );
  });

  it('sends WhatsApp the text and the link as one message, encoded', () => {
    const url = new URL(whatsAppShareUrl('A+ blood & 3 bags', 'https://x.example/r/1'));
    expect(url.origin).toBe('https://wa.me');
    expect(url.searchParams.get('text')).toBe('A+ blood & 3 bags https://x.example/r/1');
  });

  it('sends Facebook only the link (its preview comes from the page)', () => {
    const url = new URL(facebookShareUrl('https://x.example/blood-donation-request/1?a=b'));
    expect(url.hostname).toBe('www.facebook.com');
    expect([...url.searchParams.keys()]).toEqual(['u']);
    expect(url.searchParams.get('u')).toBe('https://x.example/blood-donation-request/1?a=b');
  });
});
