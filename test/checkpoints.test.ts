/**
 * The server's embedded database copies its write-ahead log into the file on a worker thread
 * (server/db/checkpoints.ts, issue 22): the server's connections stop checkpointing only once the
 * worker has, the worker empties the log when writes stop, a long log is restarted, and a worker
 * that cannot start or fails later gives the work back to the server's connections.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Sqlite from "libsql";
import { applyDelta } from "../server/accounts/credits.ts";
import { createUser } from "../server/accounts/users.ts";
import { checkpointInBackground, DEFAULT_CHECKPOINTS, nextCheckpoint } from "../server/db/checkpoints.ts";
import { openDatabase } from "../server/db/open.ts";
import { ledgerConsistent } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";
import { until } from "./support/until.ts";

busyMachineTimeouts();

const dir = mkdtempSync(join(tmpdir(), "skhema-checkpoints-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const state = (log: number, checkpointed = log, busy = 0) => ({ busy, log, checkpointed });

describe("which checkpoint follows a passive one", () => {
  test("none while the log grows under the cap, or when another checkpoint holds the lock, or the log is empty", () => {
    expect(nextCheckpoint(state(100, 80), undefined, 1000)).toBeUndefined();
    expect(nextCheckpoint(state(300, 300), state(100), 1000)).toBeUndefined();
    expect(nextCheckpoint(state(5000, 0, 1), state(5000), 1000)).toBeUndefined();
    expect(nextCheckpoint(state(0), state(0), 1000)).toBeUndefined();
    expect(nextCheckpoint(state(-1), state(-1), 1000)).toBeUndefined(); // not in WAL mode
  });

  test("RESTART once the log is longer than the cap, written to or not", () => {
    expect(nextCheckpoint(state(1001, 900), state(500), 1000)).toBe("RESTART");
    expect(nextCheckpoint(state(1001), state(1001), 1000)).toBe("RESTART");
  });

  test("TRUNCATE when nothing was written since the last checkpoint and all of it is copied", () => {
    expect(nextCheckpoint(state(300), state(300), 1000)).toBe("TRUNCATE");
    expect(nextCheckpoint(state(300, 200), state(300, 200), 1000)).toBeUndefined(); // a reader still holds frames
  });
});

describe("the server's database", () => {
  test("hands its checkpoints to a worker: its connections stop, the worker empties the log once charges stop, and every charge is in the file", async () => {
    const path = join(dir, "server.db");
    const database = await openDatabase(`file:${path}`, undefined, { checkpoints: "background" });
    expect(await database.checkpoints!.started).toBe(true);
    expect((await database.client.execute("PRAGMA wal_autocheckpoint")).rows[0]![0]).toBe(0);
    const user = await createUser(database.db, { email: "ckpt@example.com", credits: 1000 });
    // ≈ 6 pages a charge: several times SQLite's own checkpoint threshold of 1 000 pages.
    for (let i = 0; i < 500; i++) expect(await applyDelta(database.db, user.id, -1, "render", `r${i}`)).toBe(999 - i);
    // Only the worker's TRUNCATE empties the file: a committing connection's checkpoint leaves it long.
    await until(() => statSync(`${path}-wal`).size === 0);
    expect(await ledgerConsistent(database, user.id)).toEqual({ balance: 500, sum: 500, rows: 501 });
    await database.checkpoints!.stop();
    database.close();
    const reopened = new Sqlite(path);
    expect(reopened.prepare("SELECT credits FROM users WHERE id = ?").get(user.id)).toMatchObject({ credits: 500 });
    reopened.close();
  });

  test("an inline database (the admin command, tests) keeps SQLite's own checkpoints and starts no worker", async () => {
    const database = await openDatabase(`file:${join(dir, "inline.db")}`);
    expect(database.checkpoints).toBeUndefined();
    expect((await database.client.execute("PRAGMA wal_autocheckpoint")).rows[0]![0]).toBe(1000);
    database.close();
  });
});

describe("a worker that cannot do the work", () => {
  const connection = (name: string) => {
    const opened = new Sqlite(join(dir, name));
    opened.exec("PRAGMA journal_mode = WAL");
    return opened;
  };
  const autoCheckpoint = (db: Sqlite.Database) => (db.prepare("PRAGMA wal_autocheckpoint").get() as { wal_autocheckpoint: number }).wal_autocheckpoint;
  const setOn = (db: Sqlite.Database) => async (pages: number) => void db.exec(`PRAGMA wal_autocheckpoint = ${pages}`);

  test("one that cannot be started leaves the checkpoints where they were", async () => {
    const db = connection("unstarted.db");
    const checkpoints = checkpointInBackground(join(dir, "unstarted.db"), setOn(db), DEFAULT_CHECKPOINTS, () => {
      throw new Error("no threads here");
    });
    expect(await checkpoints.started).toBe(false);
    expect(autoCheckpoint(db)).toBe(1000);
    db.close();
  });

  test("one whose database cannot be opened leaves the checkpoints where they were", async () => {
    const db = connection("unopened.db");
    const checkpoints = checkpointInBackground(join(dir, "no such folder", "x.db"), setOn(db));
    expect(await checkpoints.started).toBe(false);
    expect(autoCheckpoint(db)).toBe(1000);
    db.close();
  });

  test("one that fails after taking over gives the checkpoints back to the server's connections", async () => {
    const db = connection("failing.db");
    const script = join(dir, "failing-worker.js");
    writeFileSync(
      script,
      `self.onmessage = (e) => {
        if (e.data.stop) return self.postMessage({ stopped: true });
        self.postMessage({ ready: true });
        setTimeout(() => self.postMessage({ failed: "the disk went away" }), 50);
      };`,
    );
    const checkpoints = checkpointInBackground(join(dir, "failing.db"), setOn(db), DEFAULT_CHECKPOINTS, () => new Worker(script));
    expect(await checkpoints.started).toBe(true);
    expect(autoCheckpoint(db)).toBe(0);
    await until(() => autoCheckpoint(db) === 1000);
    await checkpoints.stop();
    db.close();
  });
});
