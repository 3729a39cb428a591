/**
 * The fast-start builds (scripts/bundle.ts): the `skhema` executable (bytecode, assets embedded)
 * renders every format locally, run from a folder outside the repository, and the bundled server
 * starts on a loopback port, migrates a fresh database and renders. Built into a temporary folder
 * one level below the repository root, like dist/ (the asset manifest finds the grammars from there).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { bundle, isStale } from "../scripts/bundle.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const root = new URL("../", import.meta.url).pathname;
const outdir = mkdtempSync(join(root, ".bundle-test-"));
const work = mkdtempSync(join(tmpdir(), "skhema-bundle-"));
let cli = "";
let server = "";

beforeAll(async () => {
  cli = await bundle("cli", outdir);
  server = await bundle("server", outdir);
}, 120_000);

afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

/** What each format's file starts with. */
const MAGIC: Record<string, (b: Buffer) => boolean> = {
  svg: (b) => b.toString("utf8", 0, 5) === "<?xml" && b.includes("<svg"),
  json: (b) => JSON.parse(b.toString("utf8")).unit === "mm",
  png: (b) => b.readUInt32BE(0) === 0x89504e47,
  pdf: (b) => b.toString("latin1", 0, 5) === "%PDF-",
  docx: (b) => b.readUInt32BE(0) === 0x504b0304,
  typst: (b) => b.toString("utf8").includes("cetz"),
  excalidraw: (b) => JSON.parse(b.toString("utf8")).type === "excalidraw",
};

describe("bundled builds", () => {
  test("the bundle is fresh right after building, and names only its own files", () => {
    expect(isStale("cli", outdir)).toBe(false);
    expect(basename(cli)).toBe("skhema");
    expect(basename(server)).toBe("server.js");
    // The render worker is an entry of its own beside the server (Bun's bundler does not follow `new Worker(new URL(…))`).
    expect(existsSync(join(outdir, "render-worker.js"))).toBe(true);
  });

  for (const format of Object.keys(MAGIC)) {
    test(`the skhema executable renders ${format} locally`, () => {
      const out = join(work, `grade.${format}`);
      const p = Bun.spawnSync([cli, "render", "--local", join(root, "examples/grade.py"), "-f", format, "-o", out, "--scale", "1"], {
        cwd: work,
        env: { ...process.env, XDG_CONFIG_HOME: work },
        stdout: "pipe",
        stderr: "pipe",
      });
      expect(p.exitCode).toBe(0);
      expect(MAGIC[format]!(readFileSync(out))).toBe(true);
    }, 120_000);
  }

  test("the bundled server starts, migrates a fresh database and renders", async () => {
    const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
    const port = probe.port!;
    await probe.stop(true);
    const databaseUrl = `file:${join(work, "server.db")}`;
    const child = Bun.spawn([process.execPath, server], {
      cwd: work,
      env: { ...process.env, SKHEMA_DEV: "1", DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1" },
      stdout: "ignore",
      stderr: "pipe",
    });
    try {
      const url = `http://127.0.0.1:${port}/v1`;
      let up = false;
      for (let i = 0; i < 200 && !up && child.exitCode === null; i++) {
        up = await fetch(`${url}/health`).then((r) => r.ok, () => false);
        if (!up) await Bun.sleep(50);
      }
      expect(up).toBe(true);
      // A user and key in the database the bundled server migrated, made with the admin command.
      const admin = (...args: string[]) => {
        const p = Bun.spawnSync([process.execPath, join(root, "server/admin.ts"), ...args], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdout: "pipe", stderr: "pipe" });
        expect(p.stderr.toString()).toBe("");
        return JSON.parse(p.stdout.toString()) as Record<string, unknown>;
      };
      admin("user", "create", "--email", "bundle@example.com", "--credits", "5");
      const key = admin("key", "create", "--email", "bundle@example.com").key as string;
      expect(typeof key).toBe("string");
      const res = await fetch(`${url}/render`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": key! },
        body: JSON.stringify({ code: readFileSync(join(root, "examples/grade.py"), "utf8"), lang: "python", format: "png", scale: 1 }),
      });
      // The server's own thread never renders: this chart came from dist/render-worker.js.
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(MAGIC.png!(Buffer.from(await res.arrayBuffer()))).toBe(true);
    } finally {
      child.kill("SIGTERM");
      await child.exited;
    }
  }, 60_000);
});
