/**
 * Write batches on the hot path of an embedded database, with their statements prepared once
 * (issue 22). @libsql/client prepares every statement of every call again: for a render's charge —
 * BEGIN, the balance's UPDATE, its ledger row's INSERT, COMMIT — preparing was two thirds of the
 * ≈ 340 µs the charge took on the server's only thread, about a quarter of that thread's work per
 * render. An embedded file gets a second connection here that keeps its prepared statements.
 *
 * Why a second connection is safe: a batch here is one synchronous run, BEGIN IMMEDIATE … COMMIT
 * (or ROLLBACK), and so is every batch and statement of the client's own connection (open.ts: never
 * an interactive transaction). JavaScript runs one of them at a time, so the two connections never
 * wait on each other's lock in this process; other processes (the admin command, a second server)
 * are waited for as on the client's connection, up to the same busy timeout.
 *
 * Remote databases (libSQL server, D1) have no such connection: their callers use the client.
 */
import type { Client, InValue } from "@libsql/client";
import type Database from "libsql";

export interface Statement {
  sql: string;
  args: InValue[];
}

/** A row as the client answers it: by column name. */
export type Row = Record<string, unknown>;

export interface PreparedWrites {
  /** Runs the statements in one write transaction; each statement's rows (none for a plain write). */
  batch(statements: readonly Statement[]): Row[][];
  close(): void;
}

/** Statements kept per connection; the hot path uses a handful, so the bound only guards against misuse. */
const MAX_PREPARED = 64;

const byClient = new WeakMap<Client, PreparedWrites>();

/** The prepared-writes connection of `client`'s embedded database, or undefined (remote, or not opened). */
export function preparedWrites(client: Client): PreparedWrites | undefined {
  return byClient.get(client);
}

/**
 * Keeps `connection` — a second connection open.ts opened on `client`'s embedded file (only open.ts
 * loads the native engine: this module is also reached from hosts that have none, the edge worker's
 * bundle among them) — as `client`'s prepared writes.
 */
export function keepPreparedWrites(client: Client, connection: Database.Database): PreparedWrites {
  // journal_mode is the file's own (open.ts set WAL); these two are per connection.
  connection.exec("PRAGMA synchronous = NORMAL");
  connection.exec("PRAGMA foreign_keys = ON");
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string): Database.Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= MAX_PREPARED) statements.clear();
      statements.set(sql, (statement = connection.prepare(sql)));
    }
    return statement;
  };
  const begin = prepared("BEGIN IMMEDIATE");
  const commit = prepared("COMMIT");
  const writes: PreparedWrites = {
    batch(list) {
      begin.run();
      try {
        const results = list.map((s) => {
          const statement = prepared(s.sql);
          if (statement.reader) return statement.all(s.args) as Row[];
          statement.run(s.args);
          return [];
        });
        commit.run();
        return results;
      } catch (err) {
        if (connection.inTransaction) connection.exec("ROLLBACK");
        throw err;
      }
    },
    close() {
      byClient.delete(client);
      connection.close();
    },
  };
  byClient.set(client, writes);
  return writes;
}
