/**
 * The HTTP service under Deno: the command of `deno task start` (deno.json) runs the same
 * server/main.ts, which picks Deno's listener and asset loader (server/runtime.ts), over the same
 * libSQL database file options. Checked: health, auth, a charged render next to a Bun process on the
 * same file, PNG (WASM and fonts through the Deno loader) and a graceful SIGTERM. The task's command
 * is run with the Deno executable itself: npm's `deno` package may link node_modules/.bin/deno to a
 * Node shim that waits on the real executable and does not pass signals on.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createApiKey } from "../server/accounts/keys.ts";
import { createUser } from "../server/accounts/users.ts";
import { openDatabase } from "../server/db/open.ts";
import { BUSY_MACHINE_LIMITS, expectError, ledgerConsistent, postJson } from "./support/server.ts";
import { freePort } from "./support/workerd.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const root = fileURLToPath(new URL("../", import.meta.url));
const task = (JSON.parse(readFileSync(join(root, "deno.json"), "utf8")) as { tasks: { start: string } }).tasks.start.split(" ");

/** The Deno executable (whatever node_modules/.bin/deno is: the binary or the npm shim). */
function denoExecutable(): string {
  const run = Bun.spawnSync([join(root, "node_modules/.bin/deno"), "eval", "console.log(Deno.execPath())"], { stdout: "pipe", stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(run.stderr.toString());
  return run.stdout.toString().trim();
}
const dir = mkdtempSync(join(tmpdir(), "skhema-deno-server-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("the deno task start command serves /v1 with auth and charging on the shared database, and stops on SIGTERM", async () => {
  const databaseUrl = `file:${join(dir, "skhema.db")}`;
  const database = await openDatabase(databaseUrl);
  const port = await freePort();
  expect(task[0]).toBe("node_modules/.bin/deno");
  const server = Bun.spawn([denoExecutable(), ...task.slice(1)], {
    cwd: root,
    env: { ...process.env, SKHEMA_DEV: "1", DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", ...BUSY_MACHINE_LIMITS },
    stdout: "pipe",
    stderr: "pipe",
  });
  try {
    const url = `http://127.0.0.1:${port}/v1`;
    let health: Response | undefined;
    // Until it answers or exits: the test's timeout bounds a slow start on a busy machine.
    while (!health) {
      if (server.exitCode !== null) throw new Error(`deno server exited: ${await new Response(server.stderr).text()}`);
      health = await fetch(`${url}/health`).catch(() => Bun.sleep(100).then(() => undefined));
    }
    expect(health?.status).toBe(200);
    const user = await createUser(database.db, { email: "deno@example.com", name: "Deno", credits: 5 });
    const { key } = await createApiKey(database.db, user.id, "deno");
    await expectError(await postJson(`${url}/render`, undefined, { code: "x = 1", lang: "python" }), 401, "unauthorized");
    const svg = await postJson(`${url}/render`, key, { code: "x = 1\nprint(x)\n", lang: "python", format: "svg" });
    expect(svg.status).toBe(200);
    expect(await svg.text()).toContain("<svg");
    const png = await postJson(`${url}/render`, key, { code: "x = 1\nprint(x)\n", lang: "python", format: "png" });
    expect(png.status).toBe(200);
    expect([...new Uint8Array(await png.arrayBuffer()).subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    expect(await ledgerConsistent(database, user.id)).toEqual({ balance: 3, sum: 3, rows: 3 });
    server.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(await new Response(server.stdout).text()).toContain("skhema: stopped");
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
    database.close();
  }
}, 120_000);
