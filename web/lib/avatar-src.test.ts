import { describe, expect, it } from 'vitest';
import { avatarSrc } from './avatar-src.ts';

describe('avatarSrc', () => {
  it("asks for our own photos' small variant", () => {
    expect(avatarSrc('/api/images/0190a0a0-0000-7000-8000-0000000000a1.webp')).toBe(
      '/api/images/0190a0a0-0000-7000-8000-0000000000a1.webp?size=small',
    );
  });

  it('leaves any other address alone', () => {
    expect(avatarSrc('https://i.ibb.co/abc/me.jpg')).toBe('https://i.ibb.co/abc/me.jpg');
    expect(avatarSrc('/api/images/x.webp?size=small')).toBe('/api/images/x.webp?size=small');
  });
});
