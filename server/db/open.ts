/**
 * Opens the database (an embedded libSQL file by default, a remote libSQL server when the URL says
 * so) and brings its schema up to date with the committed migrations.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Client, Config } from "@libsql/client";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
// The web entry only wraps the client it is given; the default entry would load the native engine.
import { drizzle } from "drizzle-orm/libsql/web";
import { migrate } from "drizzle-orm/libsql/migrator";
import * as schema from "./schema.ts";
import { checkpointInBackground, type BackgroundCheckpoints } from "./checkpoints.ts";
import { keepPreparedWrites } from "./prepared-writes.ts";

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

export interface Database {
  db: Db;
  client: Client;
  /** The checkpointer worker's start, when one was asked for (`checkpoints: "background"`) on a file; see checkpoints.ts. */
  checkpoints?: BackgroundCheckpoints;
  close(): void;
}

export interface OpenOptions {
  /**
   * Who copies the write-ahead log into a file database: the connection that commits (SQLite's
   * default, for short-lived users such as the admin command) or a worker thread (the server).
   */
  checkpoints?: "inline" | "background";
}

const MIGRATIONS = fileURLToPath(new URL("./migrations", import.meta.url));

/** How long a write waits for another process holding the database file's lock. */
const BUSY_TIMEOUT_MS = 5000;

function localPath(url: string): string | undefined {
  if (!url.startsWith("file:")) return undefined;
  const path = url.slice("file:".length).replace(/^\/\/(?=\/)/, "");
  return path === ":memory:" ? undefined : path;
}

/**
 * A file database needs libSQL's native engine; a remote one (libsql://, https://, wss://) only
 * fetch or WebSocket — the web client, loaded alone so that hosts without native modules (Deno
 * Deploy) can run the server against a remote database.
 */
async function createClient(config: Config): Promise<Client> {
  const client = config.url.startsWith("file:") ? await import("@libsql/client") : await import("@libsql/client/web");
  return client.createClient(config);
}

export async function openDatabase(url: string, authToken?: string, options: OpenOptions = {}): Promise<Database> {
  const path = localPath(url);
  if (path) mkdirSync(dirname(path), { recursive: true });
  const client = await createClient({
    url,
    ...(authToken ? { authToken } : {}),
    // Every statement we run is one synchronous call (single statements or batches, never an
    // interactive transaction), so one embedded connection is enough and keeps its pragmas.
    ...(path ? { concurrency: 1, timeout: BUSY_TIMEOUT_MS } : {}),
  });
  if (path) {
    // WAL lets readers (other requests, other processes) go on while one write commits; NORMAL
    // syncing in WAL mode survives a killed process (only an OS crash can lose the last commits).
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA synchronous = NORMAL");
  }
  await client.execute("PRAGMA foreign_keys = ON");
  const db = drizzle(client, { schema });
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS });
  } catch {
    // Two processes starting together can both see a migration as missing, and the second one's
    // write then fails (the tables exist). A second attempt sees it applied; a real problem fails again.
    await migrate(db, { migrationsFolder: MIGRATIONS });
  }
  // The hot path's writes (a render's charge) on a connection that keeps its statements prepared.
  const connection = path ? new (await import("libsql")).default(path, { timeout: BUSY_TIMEOUT_MS }) : undefined;
  const writes = connection && keepPreparedWrites(client, connection);
  const checkpoints =
    path && options.checkpoints === "background"
      ? checkpointInBackground(path, async (pages) => {
          await client.execute(`PRAGMA wal_autocheckpoint = ${pages}`);
          connection?.exec(`PRAGMA wal_autocheckpoint = ${pages}`);
        })
      : undefined;
  return {
    db,
    client,
    checkpoints,
    close: () => {
      // The worker closes its own connection; a caller that wants it closed first awaits checkpoints.stop().
      void checkpoints?.stop();
      writes?.close();
      client.close();
    },
  };
}
