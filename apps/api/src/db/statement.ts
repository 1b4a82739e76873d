import { Column, is, type Placeholder, type Query, SQL, sql } from 'drizzle-orm';
import type { SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/** What a query selects or returns, as drizzle is given it: columns and SQL, nested in objects. */
export interface Selection {
  [key: string]: Column | SQL | SQL.Aliased | Selection;
}

/** A statement's values, by placeholder name. */
export type StatementValues = Record<string, unknown>;

/** A query built once: run it on the database or a transaction, with its placeholders' values. */
export type Statement<Row> = (executor: Executor, values: StatementValues) => Promise<Row[]>;

/** A drizzle query as its builder gives it: awaited, its rows; `toSQL()`, its text and parameters. */
type Built<Row> = PromiseLike<Row[]> & { toSQL(): Query };

/** The fields of a selection in the order drizzle lists them in the SQL (its `orderSelectedFields`). */
function orderedFields(selection: Selection, path: string[] = []): SelectedFieldsOrdered {
  return Object.entries(selection).flatMap(([name, field]) =>
    is(field, Column) || is(field, SQL) || is(field, SQL.Aliased)
      ? [{ path: [...path, name], field: field as SelectedFieldsOrdered[number]['field'] }]
      : orderedFields(field, [...path, name]),
  );
}

/**
 * Names the statements: on a PostgreSQL server each connection then parses and plans a statement
 * once (a named prepared statement) rather than on every run, which took two fifths of the server's
 * CPU off an order. PGlite runs every query as given.
 */
let statementsBuilt = 0;

/**
 * A query whose SQL is built once, the first time it runs, and then run on any executor (the
 * database or a transaction) with the values of its `sql.placeholder`s. Drizzle builds a query's
 * text anew on every call: on the order path that was a third of the api's CPU and most of its
 * garbage (README, "API speed"). Its own `.prepare()` is bound to the pool, not to a transaction.
 *
 * `selection` is what the query selects or returns, exactly as given to drizzle (a table's columns
 * for `.returning()` or `.select()`): rows are mapped from it, as drizzle maps them. A value that is
 * null reaches a jsonb or timestamp column's encoder as it is: give those columns values, or leave
 * them out of the insert.
 */
export function builtOnce<Row>(
  build: (executor: Executor) => Built<Row>,
  selection: Selection,
): Statement<Row> {
  const fields = orderedFields(selection);
  statementsBuilt += 1;
  const name = `erti_statement_${statementsBuilt}`;
  let query: Query | undefined;
  return async (executor, values) => {
    query ??= build(executor).toSQL();
    const prepared = executor._.session.prepareQuery(query, fields, name, true);
    return (await prepared.execute(values)) as Row[];
  };
}

/**
 * For a query whose SQL depends on the shape of its input (how many rows an insert has, which
 * conditions apply): one statement per shape, named by `shapeOf` and made by `statementFor`.
 */
export function builtOncePerShape<Input, Row>(
  shapeOf: (input: Input) => string,
  statementFor: (input: Input) => Statement<Row>,
): (executor: Executor, input: Input, values: StatementValues) => Promise<Row[]> {
  const statements = new Map<string, Statement<Row>>();
  return (executor, input, values) => {
    const shape = shapeOf(input);
    let statement = statements.get(shape);
    if (!statement) {
      statement = statementFor(input);
      statements.set(shape, statement);
    }
    return statement(executor, values);
  };
}

/** Placeholders named `prefix` + key, one for each key: the values side is `prefixed`. */
export function placeholders<Key extends string>(prefix: string, keys: readonly Key[]) {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(`${prefix}${key}`)])) as Record<
    Key,
    Placeholder
  >;
}

/** `row`'s values under the names `placeholders(prefix, …)` gave them. */
export function prefixed(prefix: string, row: object): StatementValues {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [`${prefix}${key}`, value]));
}
