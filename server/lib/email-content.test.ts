import { describe, expect, it } from 'vitest';
import { oneLine, personLines, personText, renderEmail, unlinked } from './email-content.ts';

// Issue 25: what people type, made safe for an email from RedHope's address.

describe('a person’s text in an email', () => {
  it('is one line: every kind of line break and control character becomes a space', () => {
    expect(oneLine('a\r\nb\rc\nd\u2028e\u2029f\u0085g\th\u0000i')).toBe('a b c d e f g h i');
    expect(oneLine('  many    spaces  ')).toBe('many spaces');
  });

  it('loses the characters that reorder text, and keeps Bangla’s joiners', () => {
    expect(oneLine('elpmaxe.live\u202E')).toBe('elpmaxe.live');
    expect(oneLine('র\u200D্যাব')).toBe('র\u200D্যাব');
  });

  it('is cut at its length with an ellipsis, by characters, not halves of one', () => {
    expect(oneLine('abcdef', 4)).toBe('abc…');
    expect(Array.from(oneLine('😀'.repeat(10), 5))).toHaveLength(5);
  });

  it('has its links broken in every form a mail program links', () => {
    expect(unlinked('https://evil.example/pay')).toBe('https[:]//evil[.]example/pay');
    expect(unlinked('www.evil.example')).toBe('www[.]evil[.]example');
    expect(unlinked('mail me: x@evil.example')).toBe('mail me: x@evil[.]example');
    // Dots that browsers take for a host's dot.
    expect(unlinked('evil。example evil．example')).toBe('evil[.]example evil[.]example');
    // Ordinary text keeps its dots.
    expect(unlinked('Dr. Rahman, ward 2.5, A+.')).toBe('Dr. Rahman, ward 2.5, A+.');
  });

  it('keeps its lines in a quote, each made safe, blank ends dropped', () => {
    expect(personLines('\r\nfirst https://x.example\r\n\r\nsecond\u2028third\n\n')).toEqual([
      'first https[:]//x[.]example',
      '',
      'second',
      'third',
    ]);
    expect(personText('Karim\r\nBcc: a@b.example')).toBe('Karim Bcc: a@b[.]example');
  });
});

describe('an email rendered', () => {
  const email = renderEmail({
    subject: 'Hello\r\nBcc: x@y.example',
    body: [
      { type: 'line', text: 'Patient: <b>Karim</b> & co' },
      { type: 'quote', label: 'Message from A (not checked by RedHope):', lines: ['hi', '<i>'] },
    ],
    action: { sentence: (link) => `Open the request: ${link}`, href: 'https://site.example/r/1' },
    footer: { sentence: (link) => `Choose: ${link}`, href: 'https://site.example/settings' },
  });

  it('has a one-line subject', () => {
    expect(email.subject).toBe('Hello Bcc: x@y.example');
  });

  it('escapes every text in HTML and links only the call to action and the footer', () => {
    expect(email.html).toContain('Patient: &lt;b&gt;Karim&lt;/b&gt; &amp; co');
    expect(email.html).toContain('hi<br>&lt;i&gt;</blockquote>');
    expect([...email.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([
      'https://site.example/r/1',
      'https://site.example/settings',
    ]);
  });

  it('quotes with "> " lines in text, apart from RedHope’s own lines', () => {
    expect(email.text).toBe(
      [
        'Patient: <b>Karim</b> & co',
        '',
        'Message from A (not checked by RedHope):',
        '> hi',
        '> <i>',
        '',
        'Open the request: https://site.example/r/1',
        '',
        '—',
        'Choose: https://site.example/settings',
      ].join('\n'),
    );
  });
});
