import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import bn from './bn.json';
import bnLists from './bn.lists.json';
import bnScreens from './bn.screens.json';
import en from './en.json';
import enLists from './en.lists.json';
import enScreens from './en.screens.json';

// Issue 16: every English string has its Bangla, with the same placeholders and tags, so a
// screen never shows half its text in English; and the English texts SPEC.md gives stay exactly
// as it gives them.

type Strings = { [key: string]: string | Strings };

/** 'a.b.c' → text, for every leaf. */
function flatten(strings: Strings, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(strings)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, `${path}.`)) out.set(k, v);
  }
  return out;
}

/** What a translation must keep: {{placeholders}}, $t(nesting) and <tags>, sorted. */
const markup = (text: string) =>
  [...text.matchAll(/\{\{\s*[\w.]+(?:\s*,[^}]*)?\s*\}\}|\$t\([^)]*\)|<\/?\w+\s*\/?>/g)]
    .map((m) => m[0].replace(/\s+/g, ''))
    .sort();

const withoutMarkup = (text: string) =>
  text.replace(/\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\w+\s*\/?>/g, '');

describe.each([
  ['en.json', 'bn.json', en, bn],
  ['en.lists.json', 'bn.lists.json', enLists, bnLists],
  ['en.screens.json', 'bn.screens.json', enScreens, bnScreens],
] as const)('%s and %s', (_enName, bnName, english, bangla) => {
  const enStrings = flatten(english);
  const bnStrings = flatten(bangla as Strings);

  it(`has every key in ${bnName}, and no other`, () => {
    const missing = [...enStrings.keys()].filter((key) => !bnStrings.has(key));
    const extra = [...bnStrings.keys()].filter((key) => !enStrings.has(key));
    expect(missing, `keys missing from ${bnName}`).toEqual([]);
    expect(extra, `keys in ${bnName} that English does not have`).toEqual([]);
  });

  it('keeps the placeholders and tags of every English text', () => {
    const differing = [...enStrings]
      .filter(
        ([key, text]) =>
          bnStrings.has(key) && markup(text).join() !== markup(bnStrings.get(key) ?? '').join(),
      )
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('has no empty Bangla text, nor one left in English', () => {
    // Names (RedHope, the org's phone and email) and symbols are the same in both languages.
    const same = new Set([
      'app.name',
      'org.phone',
      'org.email',
      'requests.fields.number',
      'users.columns.index',
    ]);
    const untranslated = [...bnStrings]
      .filter(
        ([key, text]) =>
          text.trim() === '' ||
          (!same.has(key) &&
            /[A-Za-z]{4,}/.test(withoutMarkup(text)) &&
            !/[\u0980-\u09ff]/.test(text)),
      )
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });
});

describe('a key in one file only', () => {
  it('is in one of the first-load, lists and screens files (two would silently race)', () => {
    const files = { 'en.json': en, 'en.lists.json': enLists, 'en.screens.json': enScreens };
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [name, strings] of Object.entries(files)) {
      for (const key of flatten(strings).keys()) {
        if (seen.has(key)) twice.push(`${key} (${seen.get(key)}, ${name})`);
        seen.set(key, name);
      }
    }
    expect(twice).toEqual([]);
  });
});

// The spec's texts. tests/fixtures/SPEC.md is a copy of the specification (CI runs on a fresh
// clone, without the shared folder); tests/fixtures/spec-texts.json names the key of each text.
const root = new URL('../../', import.meta.url);
const spec = readFileSync(new URL('tests/fixtures/SPEC.md', root), 'utf8');
const fixture = JSON.parse(
  readFileSync(new URL('tests/fixtures/spec-texts.json', root), 'utf8'),
) as {
  ui: Record<string, string>;
  messages: string[];
  notUiTexts: Record<string, string>;
};
const english = new Map([...flatten(en), ...flatten(enLists), ...flatten(enScreens)]);

/** Texts in single quotes ('Name is required', 'You're now logged in'), apostrophes kept. */
const quotedTexts = [
  ...spec.matchAll(/(?<![\w])'((?:[^'\n]|(?<=[A-Za-z])'(?=[A-Za-z]))+)'(?![\w])/g),
].map((m) => m[1] ?? '');

/**
 * The validation messages: common/locales/messages.en.json once the shared schemas' messages
 * are keys (issue 16, server side); until then the schemas themselves.
 */
function messageCatalog(): string {
  const catalog = new URL('common/locales/messages.en.json', root);
  if (existsSync(catalog)) return readFileSync(catalog, 'utf8');
  const common = new URL('common/', root);
  return readdirSync(common)
    .filter((name) => name.endsWith('.schema.ts'))
    .map((name) => readFileSync(new URL(name, common), 'utf8'))
    .join('\n');
}

describe('the English texts SPEC.md gives', () => {
  it.each(Object.entries(fixture.ui))('%s is exactly "%s"', (key, text) => {
    expect(spec, 'the fixture lists a text the spec does not have').toContain(text);
    expect(english.get(key)).toBe(text);
  });

  it('has the contact form’s thanks with the product’s name', () => {
    expect(spec).toContain("'Thanks for reaching out! The {product} team will contact you soon.'");
    expect(english.get('contact.success')).toBe(
      `Thanks for reaching out! The ${english.get('app.name')} team will contact you soon.`,
    );
  });

  it('keeps every validation message the spec gives', () => {
    const catalog = messageCatalog();
    for (const message of fixture.messages) {
      expect(spec).toContain(`'${message}'`);
      expect(catalog, message).toContain(JSON.stringify(message).slice(1, -1));
    }
  });

  it('leaves no quoted text of the spec unchecked', () => {
    const known = new Set([
      ...Object.values(fixture.ui),
      ...fixture.messages,
      ...Object.keys(fixture.notUiTexts),
    ]);
    expect(quotedTexts.length).toBeGreaterThan(50);
    expect(quotedTexts.filter((text) => !known.has(text))).toEqual([]);
  });
});
