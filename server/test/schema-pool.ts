import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { adminQuery, createMigratedSchema } from './migrated-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The prefix of this run's pooled PostgreSQL schemas, which its teardown drops. */
    pgPoolPrefix: string;
  }
}

/**
 * PostgreSQL test schemas lent out and taken back, not made and dropped for each test app.
 *
 * Making a migrated schema from the worker's dump (./migrated-template.ts) costs 0.26 s of
 * PostgreSQL's CPU on a quiet machine and dropping it 0.12 s; api-postgres made 220 of
 * them, and on CI's two busy cores a third of its workers' time went to that. A schema given back
 * is emptied instead: every table's rows deleted and the migrations' own rows (the place names,
 * the migration log) copied back from a pristine schema the worker keeps, 12-30 ms. The next test
 * app gets it in the state a new copy would be in.
 *
 * A test that changes the schema itself (drops a table to break the app, rebuilds one) must not
 * hand that on: a fingerprint of the schema's catalog (its tables, columns, constraints, indexes,
 * defaults and triggers, by object id, so a dropped and remade one differs) is taken when the
 * schema is made and again when it comes back, and a schema that differs is dropped, not kept.
 *
 * The schemas are named after the run (`pgPoolPrefix`, provided by ./schema-pool-setup.ts, whose
 * teardown drops what is left of them when the run ends).
 */

/**
 * The worker's pristine schema: its tables in an order that deletes children before their
 * parents (none if the foreign keys form a cycle: schemas are then dropped, not emptied), and
 * the tables whose migrated rows are copied back.
 */
interface Pristine {
  name: string;
  deleteOrder: string[] | undefined;
  restore: string[];
}

let pristine: Promise<Pristine> | undefined;
const idle: Array<{ name: string; fingerprint: string }> = [];

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * What a schema's structure is, in one line: changes to its tables, columns, constraints,
 * indexes, defaults or triggers change it. Object ids are part of it, so an object dropped and
 * made again under the same name counts as a change.
 */
const FINGERPRINT = `
  select concat_ws(';',
    (select count(*) || '/' || coalesce(sum(hashtext(c.oid || c.relname || c.relkind::text)), 0)
       from pg_class c where c.relnamespace = $1::regnamespace),
    (select count(*) || '/' || coalesce(sum(hashtext(a.attrelid || a.attname || a.atttypid ||
              a.atttypmod || a.attnotnull || a.attisdropped)), 0)
       from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relnamespace = $1::regnamespace and a.attnum > 0),
    (select count(*) || '/' || coalesce(sum(hashtext(co.oid || co.conname)), 0)
       from pg_constraint co where co.connamespace = $1::regnamespace),
    (select count(*) || '/' || coalesce(sum(hashtext(d.oid::text)), 0)
       from pg_attrdef d join pg_class c on c.oid = d.adrelid
      where c.relnamespace = $1::regnamespace),
    (select count(*) || '/' || coalesce(sum(hashtext(t.oid || t.tgenabled::text)), 0)
       from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = $1::regnamespace)
  ) as fingerprint`;

async function fingerprintOf(url: string, schema: string): Promise<string> {
  const [row] = await adminQuery<{ fingerprint: string }>(url, FINGERPRINT, [schema]);
  return row?.fingerprint ?? '';
}

/**
 * Orders `tables` so that each comes before the tables it references (its parents); undefined
 * when the references form a cycle.
 */
function childrenFirst(tables: string[], references: Array<{ child: string; parent: string }>) {
  const parentsOf = new Map(tables.map((table) => [table, new Set<string>()]));
  const childrenOf = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of references) {
    if (child === parent) continue; // a row's own table: one DELETE takes them all
    parentsOf.get(child)?.add(parent);
    childrenOf.get(parent)?.add(child);
  }
  const order: string[] = [];
  const left = new Set(tables);
  while (left.size > 0) {
    const leaf = [...left].find((table) =>
      [...(childrenOf.get(table) ?? [])].every((child) => !left.has(child)),
    );
    if (!leaf) return undefined;
    order.push(leaf);
    left.delete(leaf);
  }
  return order;
}

async function makePristine(url: string, prefix: string): Promise<Pristine> {
  const name = `${prefix}_src_${randomBytes(4).toString('hex')}`;
  await createMigratedSchema(url, name);
  const tables = (
    await adminQuery<{ name: string }>(
      url,
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relkind in ('r', 'p') order by 1`,
      [name],
    )
  ).map((row) => row.name);
  const references = await adminQuery<{ child: string; parent: string }>(
    url,
    `select c.relname as child, p.relname as parent
       from pg_constraint co join pg_class c on c.oid = co.conrelid
       join pg_class p on p.oid = co.confrelid join pg_namespace n on n.oid = co.connamespace
      where n.nspname = $1 and co.contype = 'f'`,
    [name],
  );
  const deleteOrder = childrenFirst(tables, references);
  const restore: string[] = [];
  for (const table of [...(deleteOrder ?? [])].reverse()) {
    const [row] = await adminQuery(url, `select 1 from ${quote(name)}.${quote(table)} limit 1`, []);
    if (row) restore.push(table);
  }
  return { name, deleteOrder, restore };
}

/** Empties `schema` back to a freshly migrated one's rows; throws when it cannot. */
async function empty(url: string, schema: string, source: Pristine) {
  if (!source.deleteOrder) throw new Error('the foreign keys form a cycle: no order to delete in');
  const target = quote(schema);
  const statements = [
    ...source.deleteOrder.map((table) => `delete from ${target}.${quote(table)};`),
    ...source.restore.map(
      (table) =>
        `insert into ${target}.${quote(table)} select * from ${quote(source.name)}.${quote(table)};`,
    ),
  ];
  await adminQuery(url, `begin; ${statements.join(' ')} commit;`);
}

/** A migrated schema of its own for one test app, and how to give it back when the app closes. */
export async function borrowSchema(
  url: string,
): Promise<{ name: string; giveBack: () => Promise<void> }> {
  const prefix = inject('pgPoolPrefix');
  if (!prefix) {
    throw new Error('PostgreSQL test apps need schema-pool-setup.ts as their project global setup');
  }
  pristine ??= makePristine(url, prefix);
  const source = await pristine;
  let lent = idle.pop();
  if (!lent) {
    const name = `${prefix}_${randomBytes(6).toString('hex')}`;
    await createMigratedSchema(url, name);
    lent = { name, fingerprint: await fingerprintOf(url, name) };
  }
  const { name, fingerprint } = lent;
  const drop = async () => {
    await adminQuery(url, `drop schema ${quote(name)} cascade`);
  };
  let given = false;
  return {
    name,
    async giveBack() {
      // Given back twice (a test app closed twice), it would be lent to two apps at once.
      if (given) return;
      given = true;
      if ((await fingerprintOf(url, name)) !== fingerprint) return drop();
      try {
        await empty(url, name, source);
      } catch {
        // Whatever kept it from being emptied (a cycle of foreign keys, a failed statement), the
        // next app gets a new schema instead.
        return drop();
      }
      idle.push({ name, fingerprint });
    },
  };
}
