import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { textOf, translate } from '../../server/lib/messages.ts';
import { msg, parseMessage } from '../message-key.ts';
import bn from './messages.bn.json' with { type: 'json' };
import en from './messages.en.json' with { type: 'json' };

// The catalogs of issue 16: the same keys in both languages with the same {{placeholders}}, and
// every key the code names is in them, so a missing or misspelt key fails here.

type Catalog = { [key: string]: string | Catalog };
function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}
const english = flatten(en);
const bangla = flatten(bn);
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const root = path.resolve(import.meta.dirname, '../..');
const sourceFiles = execFileSync('git', ['ls-files', 'common', 'server'], { cwd: root })
  .toString()
  .split('\n')
  .filter((file) => /\.tsx?$/.test(file) && fs.existsSync(path.join(root, file)));

describe('message catalogs', () => {
  it('have the same keys in English and Bangla', () => {
    expect([...bangla.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each([...english.keys()])('%s has the same placeholders in both', (key) => {
    expect(placeholders(bangla.get(key) ?? '')).toEqual(placeholders(english.get(key) ?? ''));
  });

  it('say every Bangla message in Bangla, none empty', () => {
    for (const [key, text] of bangla) {
      // Only values and punctuation ("{{date}}, {{time}}") need no words.
      const words = text.replace(/\{\{\s*\w+\s*\}\}/g, '').replace(/[\s,.:()]/g, '');
      if (words) expect(text, key).toMatch(/[\u0980-\u09FF]/);
      expect(english.get(key), key).not.toBe('');
    }
  });

  it('hold every key the shared schemas and the server use', () => {
    const used = new Set<string>();
    for (const file of sourceFiles) {
      const source = fs.readFileSync(path.join(root, file), 'utf8');
      for (const match of source.matchAll(
        /['"`]((?:validation|errors|email|share)(?:\.[A-Za-z0-9_]+)+)['"`|]/g,
      )) {
        if (match[1]) used.add(match[1]);
      }
    }
    // Sanity: the scan does find the keys (a broken pattern would pass everything).
    expect(used.size).toBeGreaterThan(150);
    const missing = [...used].filter((key) => !english.has(key) && !isGroup(key));
    expect(missing).toEqual([]);
  });
});

/** `errors.auth.` + a better-auth code is looked up at run time: its group must exist. */
function isGroup(key: string) {
  return [...english.keys()].some((k) => k.startsWith(`${key}.`));
}

describe('msg and textOf', () => {
  it('carry a key with its values, and write it in each language', () => {
    const message = msg('validation.blog.titleTooLong', { max: 150 });
    expect(parseMessage(message)).toEqual({
      key: 'validation.blog.titleTooLong',
      params: { max: 150 },
    });
    expect(textOf('en', message)).toBe('Title must be at most 150 characters');
    expect(textOf('bn', message)).toBe('শিরোনাম ১৫০ অক্ষরের বেশি হতে পারবে না');
  });

  it('leave plain text as it is, and never look up a value a person typed', () => {
    expect(textOf('bn', 'Too big: expected string to have <=100 characters')).toBe(
      'Too big: expected string to have <=100 characters',
    );
    expect(
      translate('bn', 'errors.places.districtNotInDivision', {
        district: 'errors.notFound',
        division: 'Dhaka',
      }),
    ).toBe('errors.notFound জেলা Dhaka বিভাগে নয়।');
  });

  it('write a message inside a message (a refusal and when to try again)', () => {
    const refused = msg('errors.retry.refused', {
      reasonMessage: msg('errors.limits.contact'),
      whenMessage: msg('errors.retry.minutes', { count: 12 }),
    });
    expect(textOf('en', refused)).toBe(
      'You have sent several messages already. Please try again in 12 minutes.',
    );
    expect(textOf('bn', refused)).toBe(
      'আপনি এর মধ্যেই কয়েকটি বার্তা পাঠিয়েছেন। ১২ মিনিট পরে আবার চেষ্টা করুন।',
    );
  });
});
