/**
 * The HTTP SMS adapter's field names (issue 28, SMS_HTTP_FIELDS): Bangladeshi aggregators' HTTP
 * APIs take the same four things under names of their own (`number`, `senderid`, `message`,
 * `csms_id`…). The setting renames ours, `to=number,from=senderid,text=message,reference=`; a
 * name left empty leaves that field out (the number and the text cannot be left out).
 */
export const HTTP_SMS_FIELDS = ['to', 'from', 'text', 'reference'] as const;
export type HttpSmsField = (typeof HTTP_SMS_FIELDS)[number];
/** Each of our fields' name in the aggregator's API, or null: not sent. */
export type HttpSmsFieldNames = Record<HttpSmsField, string | null>;

const NAME = /^[A-Za-z0-9_.[\]-]{1,64}$/;
const REQUIRED: HttpSmsField[] = ['to', 'text'];

const isOurs = (field: string): field is HttpSmsField =>
  (HTTP_SMS_FIELDS as readonly string[]).includes(field);

/** Reads the setting; answers the names, or what is wrong with it in one sentence. */
export function parseHttpSmsFields(text: string): HttpSmsFieldNames | string {
  const names: HttpSmsFieldNames = { to: 'to', from: 'from', text: 'text', reference: 'reference' };
  const renamed = new Set<string>();
  for (const entry of text.split(',').map((part) => part.trim())) {
    if (!entry) continue;
    const [ours = '', theirs = '', ...rest] = entry.split('=').map((part) => part.trim());
    if (!isOurs(ours) || rest.length > 0 || !entry.includes('=')) {
      return `must be renamings such as to=number,from=senderid,text=message,reference=csms_id (ours are to, from, text, reference); not "${entry}"`;
    }
    if (renamed.has(ours)) return `names "${ours}" twice`;
    renamed.add(ours);
    if (theirs === '' && REQUIRED.includes(ours)) return `cannot leave out "${ours}"`;
    if (theirs !== '' && !NAME.test(theirs)) {
      return `"${theirs}" is not a field name (letters, digits, _ . - [ ], at most 64)`;
    }
    names[ours] = theirs === '' ? null : theirs;
  }
  const given = Object.values(names).filter((name): name is string => name !== null);
  if (new Set(given).size !== given.length) return 'gives two of our fields the same name';
  return names;
}
