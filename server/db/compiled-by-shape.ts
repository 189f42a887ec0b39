import type { Compilable, CompiledQuery, Kysely, QueryExecutor } from 'kysely';

/** Stands for a value in a query built once: it becomes a bound parameter of the compiled SQL. */
const PARAM = Symbol('param');
interface Param {
  [PARAM]: string;
}
const isParam = (value: unknown): value is Param =>
  typeof value === 'object' && value !== null && PARAM in value;

/** Hands a query builder a stand-in for the value `name`, bound on each call. */
export type ParamOf = <T>(name: string) => T;
const paramOf: ParamOf = <T>(name: string) => ({ [PARAM]: name }) as unknown as T;

/**
 * A query that Kysely builds and compiles once per shape, not on every request (decision 053:
 * building and compiling the public lists' queries was 12–15% of a public read's CPU), then
 * runs through Kysely's own executor (`db.executeQuery`: its plugins, driver and connections).
 *
 * `build` receives the shape — the choices that change the SQL text (which filters are set,
 * whether a cursor is given) — and `param(name)` for every value, which it must pass to Kysely
 * as it is (never compare or transform it: that would be a choice, and belongs in the shape).
 * Each call then binds its own values to the compiled statement's parameters by name.
 * Compiled SQL is kept per Kysely executor (its dialect and plugins) and per shape; a shape is
 * a handful of booleans, so there are few.
 */
export function compiledByShape<Db, Shape extends Record<string, boolean>, Row>(
  build: (db: Kysely<Db>, shape: Shape, param: ParamOf) => Compilable<Row>,
) {
  // Per executor: its dialect decides the SQL text, and its plugins may rewrite the query.
  const byExecutor = new WeakMap<QueryExecutor, Map<string, Prepared<Row>>>();
  return async function run(
    db: Kysely<Db>,
    shape: Shape,
    values: Record<string, unknown>,
  ): Promise<Row[]> {
    const executor = db.getExecutor();
    let shapes = byExecutor.get(executor);
    if (!shapes) {
      shapes = new Map();
      byExecutor.set(executor, shapes);
    }
    const key = shapeKey(shape);
    let prepared = shapes.get(key);
    if (!prepared) {
      prepared = prepare(build(db, shape, paramOf).compile());
      shapes.set(key, prepared);
    }
    const { compiled, slots } = prepared;
    const parameters = compiled.parameters.map((constant, i) => {
      const name = slots[i];
      if (name === undefined) return constant;
      if (!(name in values)) throw new Error(`compiledByShape: no value for "${name}"`);
      return values[name];
    });
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}

interface Prepared<Row> {
  compiled: CompiledQuery<Row>;
  /** For each parameter, the name of the value bound to it; undefined for a constant. */
  slots: Array<string | undefined>;
}

function prepare<Row>(compiled: CompiledQuery<Row>): Prepared<Row> {
  return {
    compiled,
    slots: compiled.parameters.map((value) => (isParam(value) ? value[PARAM] : undefined)),
  };
}

function shapeKey(shape: Record<string, boolean>): string {
  let key = '';
  for (const name in shape) if (shape[name]) key += `${name},`;
  return key;
}
