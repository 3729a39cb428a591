/**
 * What the account page reads (site/server/account-data.ts) from a real libSQL file: the ledger
 * rows of a gift name the other side — the recipient by address for the sender, the sender as the
 * notification names them (name, else address) for the recipient; other rows name nobody.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { giveCredits } from "../server/accounts/gifts.ts";
import { createUser, findUser } from "../server/accounts/users.ts";
import { openDatabase, type Database } from "../server/db/open.ts";
import { accountView } from "../site/server/account-data.ts";

let dir: string;
let database: Database;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "skhema-account-data-"));
  database = await openDatabase(`file:${join(dir, "skhema.db")}`);
});
afterAll(() => {
  database.client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the account's ledger (issue 24)", () => {
  test("a gift's rows name the recipient for the sender and the sender for the recipient", async () => {
    const db = database.db;
    const olena = await createUser(db, { email: "olena@example.com", name: "Олена", credits: 10 });
    const taras = await createUser(db, { email: "taras@example.com", credits: 5 });
    expect((await giveCredits(db, olena, "taras@example.com", 3, { siteUrl: "http://localhost" })).ok).toBe(true);
    expect((await giveCredits(db, (await findUser(db, taras.id))!, "olena@example.com", 2, { siteUrl: "http://localhost" })).ok).toBe(true);

    const sender = await accountView(db, (await findUser(db, olena.id))!, 1);
    expect(sender.ledger.rows.map((r) => [r.reason, r.delta, r.counterpart])).toEqual([
      ["gift_in", 2, "taras@example.com"], // Taras has no name: his address
      ["gift_out", -3, "taras@example.com"],
      ["admin_grant", 10, undefined],
    ]);
    const recipient = await accountView(db, (await findUser(db, taras.id))!, 1);
    expect(recipient.ledger.rows.map((r) => [r.reason, r.delta, r.counterpart])).toEqual([
      ["gift_out", -2, "olena@example.com"],
      ["gift_in", 3, "Олена"], // as the notification names her
      ["admin_grant", 5, undefined],
    ]);
  });
});
