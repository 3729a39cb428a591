/**
 * The charge on an embedded database runs on statements prepared once (server/db/prepared-writes.ts,
 * issue 22): it changes the balance and writes its ledger row together, refuses a balance below zero
 * without a row, rolls a failed batch back whole, and agrees with the client's own connection.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { applyDelta } from "../server/accounts/credits.ts";
import { createUser } from "../server/accounts/users.ts";
import { openDatabase, type Database } from "../server/db/open.ts";
import { preparedWrites } from "../server/db/prepared-writes.ts";
import { ledgerConsistent } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const dir = mkdtempSync(join(tmpdir(), "skhema-prepared-"));
const opened: Database[] = [];
afterAll(() => {
  for (const d of opened) d.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(url: string): Promise<Database> {
  const database = await openDatabase(url);
  opened.push(database);
  return database;
}

describe("prepared writes", () => {
  test("an embedded file charges through its prepared connection: balance and ledger move together", async () => {
    const database = await open(`file:${join(dir, "a.db")}`);
    expect(preparedWrites(database.client)).toBeDefined();
    const user = await createUser(database.db, { email: "a@example.com", credits: 3 });
    expect(await applyDelta(database.db, user.id, -2, "render", "r1")).toBe(1);
    expect(await applyDelta(database.db, user.id, -2, "render", "r2")).toBeNull(); // below zero: nothing changes
    expect(await applyDelta(database.db, user.id, 5, "topup", "t1")).toBe(6);
    // The client's own connection sees every commit of the other one.
    expect(await ledgerConsistent(database, user.id)).toEqual({ balance: 6, sum: 6, rows: 3 }); // the opening grant and two
    const refs = await database.client.execute({ sql: "SELECT ref FROM ledger WHERE user_id = ? ORDER BY id", args: [user.id] });
    expect(refs.rows.map((r) => r.ref).slice(1)).toEqual(["r1", "t1"]);
  });

  test("a batch that fails part-way is rolled back whole, and the connection goes on", async () => {
    const database = await open(`file:${join(dir, "b.db")}`);
    const user = await createUser(database.db, { email: "b@example.com", credits: 10 });
    const writes = preparedWrites(database.client)!;
    expect(() =>
      writes.batch([
        { sql: "UPDATE users SET credits = credits - 1 WHERE id = ?", args: [user.id] },
        { sql: "INSERT INTO no_such_table VALUES (1)", args: [] },
      ]),
    ).toThrow();
    expect((await ledgerConsistent(database, user.id)).balance).toBe(10);
    expect(await applyDelta(database.db, user.id, -1, "render", "after")).toBe(9);
  });

  test("a database without a file (memory here, a remote server alike) charges through the client", async () => {
    const database = await open("file::memory:");
    expect(preparedWrites(database.client)).toBeUndefined();
    const user = await createUser(database.db, { email: "c@example.com", credits: 2 });
    expect(await applyDelta(database.db, user.id, -1, "render", "m1")).toBe(1);
    expect(await ledgerConsistent(database, user.id)).toMatchObject({ balance: 1 });
  });
});
