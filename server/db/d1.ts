/**
 * The database of the edge deployment (server/edge/worker.ts): a Cloudflare D1 binding, seen by
 * the rest of the server as the libSQL client it already speaks. Every module keeps using the same
 * drizzle schema and the same `db.$client.batch(statements, "write")` write batches (credits,
 * gifts, outbox): D1 runs a batch as one transaction, statements in order on one connection, so a
 * conditional UPDATE, `changes()` in the next statement and a CHECK that rolls the whole batch back
 * behave as in libSQL. Interactive transactions (which this server never uses — see
 * accounts/credits.ts) do not exist on D1 and are refused with a clear error.
 *
 * Portable (no runtime built-ins): it runs inside workerd, and in tests against miniflare's D1.
 */
import type { Client, InArgs, InStatement, InValue, ResultSet, Row, TransactionMode } from "@libsql/client";
// The web entry: it never loads the native libSQL client (its own web client is fetch-based).
import { drizzle } from "drizzle-orm/libsql/web";
import type { Db } from "./open.ts";
import * as schema from "./schema.ts";

/** The members of Cloudflare's D1 binding used here (workers-types' D1Database). */
export interface D1Database {
  prepare(sql: string): D1PreparedStatement;
  batch(statements: D1PreparedStatement[]): Promise<D1Result[]>;
}
export interface D1PreparedStatement {
  bind(...values: unknown[]): D1PreparedStatement;
  raw(options: { columnNames: true }): Promise<[string[], ...unknown[][]]>;
  run(): Promise<D1Result>;
}
export interface D1Result {
  results: Record<string, unknown>[];
  meta: { changes: number; last_row_id: number };
}

/** libSQL's argument conversions (booleans as 0/1, dates as ms), positional arguments only. */
function d1Value(value: InValue): unknown {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  if (typeof value === "bigint") {
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) throw new RangeError(`integer ${value} is out of D1's range`);
    return Number(value);
  }
  return value;
}

function prepare(d1: D1Database, stmt: InStatement | [string, InArgs?]): D1PreparedStatement {
  const [sql, args] = typeof stmt === "string" ? [stmt, undefined] : Array.isArray(stmt) ? stmt : [stmt.sql, stmt.args];
  if (args !== undefined && !Array.isArray(args)) throw new TypeError("D1: named statement arguments are not supported; use positional ? placeholders");
  const prepared = d1.prepare(sql);
  return args && args.length > 0 ? prepared.bind(...args.map(d1Value)) : prepared;
}

/** A libSQL row: the values by index and by column name (the first column of a repeated name wins, as in libSQL). */
function toRow(columns: string[], values: unknown[]): Row {
  const row: Record<string | number, unknown> = {};
  values.forEach((value, i) => {
    row[i] = value;
    const name = columns[i]!;
    if (!Object.hasOwn(row, name)) Object.defineProperty(row, name, { value, enumerable: true });
  });
  Object.defineProperty(row, "length", { value: values.length });
  return row as unknown as Row;
}

function resultSet(columns: string[], rows: unknown[][], rowsAffected: number, lastInsertRowid: number | undefined): ResultSet {
  const result = {
    columns,
    columnTypes: columns.map(() => ""),
    rows: rows.map((values) => toRow(columns, values)),
    rowsAffected,
    lastInsertRowid: lastInsertRowid === undefined ? undefined : BigInt(lastInsertRowid),
  };
  return { ...result, toJSON: () => ({ ...result, rows, lastInsertRowid: lastInsertRowid === undefined ? null : String(lastInsertRowid) }) };
}

/**
 * Statements that answer with rows: read with `raw()`, which keeps every column (a join's two
 * `id`s). Told from the statement text, which never holds data here (values are always bound).
 */
const ANSWERS_ROWS = /^\s*(select|with|pragma|values)\b|\breturning\b/i;

async function execute(d1: D1Database, stmt: InStatement | [string, InArgs?]): Promise<ResultSet> {
  const sql = typeof stmt === "string" ? stmt : Array.isArray(stmt) ? stmt[0] : stmt.sql;
  const prepared = prepare(d1, stmt);
  if (ANSWERS_ROWS.test(sql)) {
    const [columns, ...rows] = await prepared.raw({ columnNames: true });
    return resultSet(columns, rows, /\breturning\b/i.test(sql) ? rows.length : 0, undefined);
  }
  const { meta } = await prepared.run();
  return resultSet([], [], meta.changes, meta.last_row_id);
}

/** One D1 batch result as a libSQL result set (column order as D1 gives the row objects). */
function batchResult({ results, meta }: D1Result): ResultSet {
  const columns = results[0] ? Object.keys(results[0]) : [];
  return resultSet(columns, results.map((r) => columns.map((c) => r[c])), meta.changes, meta.last_row_id);
}

const unsupported = (what: string) => () => {
  throw new Error(`D1: ${what} is not available; use one write batch (client.batch(statements, "write"))`);
};

/** A libSQL client over a D1 binding (the subset this server uses; see the header). */
export function d1Client(d1: D1Database): Client {
  return {
    execute: ((stmt: InStatement, args?: InArgs) =>
      execute(d1, typeof stmt === "string" && args !== undefined ? [stmt, args] : stmt)) as Client["execute"],
    // D1 runs every batch as one transaction, whatever libSQL mode was asked for.
    batch: async (stmts: Array<InStatement | [string, InArgs?]>, _mode?: TransactionMode) =>
      (await d1.batch(stmts.map((s) => prepare(d1, s)))).map(batchResult),
    migrate: async (stmts: InStatement[]) => (await d1.batch(stmts.map((s) => prepare(d1, s)))).map(batchResult),
    transaction: unsupported("an interactive transaction") as Client["transaction"],
    executeMultiple: unsupported("executeMultiple") as Client["executeMultiple"],
    sync: unsupported("sync (embedded replicas)") as Client["sync"],
    close: () => {},
    reconnect: () => {},
    closed: false,
    protocol: "d1",
  };
}

/** The server's drizzle database over a D1 binding. */
export function openD1(d1: D1Database): Db {
  return drizzle(d1Client(d1), { schema });
}
