/**
 * The engine on every host gives the same files: a Python, a C and a Pascal example × all seven
 * formats (test/hosts/render-set.ts) rendered in Bun (the reference), Deno and Node 20 (the
 * package's dist/ build), Node's type stripping (amaro, the stripper of Node ≥ 22.6),
 * a Chromium page and Web Worker (dist/web/, assets fetched from a static folder made by
 * assets:copy, under a CSP with only 'wasm-unsafe-eval' added) and workerd (dist/web/, WASM as
 * compiled modules). Text formats must be byte-identical to Bun's, PNGs pixel-identical (the zlib
 * stream differs between runtimes). Each runtime starts once and renders the whole set in one go.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import type { AssetName } from "../engine/assets.ts";
import { bunAssets } from "../hosts/bun.ts";
import { workerAssetModules } from "../scripts/worker-assets-plugin.ts";
import { renderSet, SET_SOURCES, type HostFile } from "./hosts/render-set.ts";
import { FORMATS } from "../engine/index.ts";
import { bundleHarness } from "./support/host-bundle.ts";
import { decodePng } from "./support/png-decode.ts";
import { fetchWhenUp, freePort, WORKERD, workerdConfig } from "./support/workerd.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const root = fileURLToPath(new URL("../", import.meta.url));
const bin = (name: string) => join(root, "node_modules/.bin", name);
const dist = join(root, "dist");
const work = mkdtempSync(join(tmpdir(), "skhema-hosts-"));
const sourcesFile = join(work, "sources.json");
const sources = Object.fromEntries(SET_SOURCES.map(({ file }) => [file, readFileSync(join(root, "examples", file), "utf8")]));
let reference: HostFile[] = [];

/** Runs a command to completion (bounded) and returns its stdout; a failure throws with its stderr. */
async function run(cmd: string[], timeout = 120_000): Promise<string> {
  const proc = Bun.spawn(cmd, { cwd: root, stdout: "pipe", stderr: "pipe", timeout });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`${cmd.join(" ")} exited with ${code}:\n${err.slice(-3000)}`);
  return out;
}

/** Every file equal to Bun's: bytes for text formats, pixels for PNG. */
function expectSameAsBun(files: HostFile[]): void {
  expect(files.map((f) => f.key)).toEqual(reference.map((f) => f.key));
  for (const [i, mine] of reference.entries()) {
    const theirs = files[i]!;
    expect(theirs.contentType).toBe(mine.contentType);
    if (mine.key.endsWith(".png")) {
      const a = decodePng(Buffer.from(mine.base64, "base64"));
      const b = decodePng(Buffer.from(theirs.base64, "base64"));
      expect([mine.key, b.width, b.height]).toEqual([mine.key, a.width, a.height]);
      expect({ [mine.key]: Buffer.from(b.lum).equals(Buffer.from(a.lum)) }).toEqual({ [mine.key]: true });
    } else {
      // The key in the comparison names the file that differs.
      expect({ [theirs.key]: theirs.base64 === mine.base64 }).toEqual({ [mine.key]: true });
    }
  }
}

beforeAll(async () => {
  await run([process.execPath, "scripts/build.ts", "--no-types"]);
  writeFileSync(sourcesFile, JSON.stringify(sources));
  reference = await renderSet(sources, bunAssets);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the package", () => {
  test("npm pack ships the engine, the hosts, the grammars and the package build, every export target, the skhema command, and no tests, tools or database code", async () => {
    const [packed] = JSON.parse(await run(["npm", "pack", "--dry-run", "--ignore-scripts", "--json"])) as [{ files: { path: string }[] }];
    const files = new Set(packed.files.map((f) => f.path));
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { exports: Record<string, string | Record<string, string>> };
    // Declarations (the "types" targets) come from the full build of `npm pack`; this test builds without them.
    const targets = Object.entries(pkg.exports)
      .filter(([entry]) => !entry.includes("*"))
      .flatMap(([, target]) => (typeof target === "string" ? [target] : Object.entries(target).filter(([c]) => c !== "types").map(([, t]) => t)))
      .map((t) => t.replace(/^\.\//, ""))
      .filter((t) => t !== "package.json");
    expect(targets.filter((t) => !files.has(t))).toEqual([]);
    for (const file of ["engine/assets.ts", "hosts/asset-manifest.ts", "dist/copy-assets.js", "grammars/tree-sitter-c_sharp.wasm"]) expect(files).toContain(file);
    // The `skhema` command (bin) ships with what it runs: cli/ and its API client, nothing of the server.
    expect(files).toContain("cli/main.ts");
    expect(files).toContain("client/api.ts");
    expect([...files].filter((f) => /^(server|test|bench|scripts|examples)\//.test(f))).toEqual([]);
    // The fast-start bundles of scripts/bundle.ts share dist/ but are not part of the package.
    expect([...files].filter((f) => /^dist\/(server|render)[.-]/.test(f))).toEqual([]);
  }, 120_000);

  test("the browser and worker bundle imports no Node built-in (web-tree-sitter's Node branches are cut at build)", () => {
    const builtins = new Set(builtinModules);
    const found = readdirSync(join(dist, "web"))
      .filter((f) => f.endsWith(".js"))
      .flatMap((f) =>
        [...readFileSync(join(dist, "web", f), "utf8").matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["']([^"']+)["']/g)]
          .map((m) => m[1]!)
          .filter((spec) => spec.startsWith("node:") || builtins.has(spec))
          .map((spec) => `${f}: ${spec}`),
      );
    expect(found).toEqual([]);
  });
});

describe("every host renders the same files as Bun", () => {
  test("the reference set: 3 examples × every format (interface.md's seven, draw.io and Visio)", () => {
    expect(reference).toHaveLength(3 * FORMATS.length);
    expect(FORMATS).toHaveLength(9);
  });

  test("Deno, the package's dist/ build (hosts/deno.ts; Deno strips no types under node_modules)", async () => {
    const harness = await bundleHarness({
      entry: join(root, "test/hosts/deno-host.ts"),
      outdir: join(work, "deno"),
      target: "node",
      redirects: { [join(root, "engine/index.ts")]: join(dist, "index.js"), [join(root, "hosts/deno.ts")]: join(dist, "deno.js") },
    });
    // manual: dependencies from the package's node_modules, as npm installed them.
    const out = await run([bin("deno"), "run", "--node-modules-dir=manual", "--allow-read", "--allow-env", harness, sourcesFile]);
    expectSameAsBun(JSON.parse(out));
  }, 120_000);

  test("Node 20, the package's dist/ build (hosts/node.ts)", async () => {
    const harness = await bundleHarness({
      entry: join(root, "test/hosts/node-host.ts"),
      outdir: join(work, "node"),
      target: "node",
      redirects: { [join(root, "engine/index.ts")]: join(dist, "index.js"), [join(root, "hosts/node.ts")]: join(dist, "node.js") },
    });
    expectSameAsBun(JSON.parse(await run(["node", harness, sourcesFile])));
  }, 120_000);

  test("Node's type stripping (amaro strip-only) runs the engine source", async () => {
    const harness = await bundleHarness({
      entry: join(root, "test/hosts/node-host.ts"),
      outdir: join(work, "node-strip"),
      target: "node",
      redirects: {
        [join(root, "engine/index.ts")]: join(root, "engine/index.ts"),
        [join(root, "hosts/node.ts")]: join(root, "hosts/node.ts"),
      },
    });
    expectSameAsBun(JSON.parse(await run(["node", "--import", "./test/hosts/node-strip-types.mjs", harness, sourcesFile])));
  }, 120_000);

  test("Chromium page and Web Worker (dist/web/, hosts/browser.ts): assets fetched per need, CSP with 'wasm-unsafe-eval'", async () => {
    const assets = join(work, "assets");
    await run([process.execPath, "scripts/copy-assets.ts", assets]);
    const harnesses = join(work, "web");
    const redirects = { [join(root, "engine/index.ts")]: "/dist/web/index.js", [join(root, "hosts/browser.ts")]: "/dist/web/browser.js" };
    for (const name of ["page-host", "web-worker-host"]) {
      await bundleHarness({ entry: join(root, `test/hosts/${name}.ts`), outdir: harnesses, target: "browser", redirects });
    }
    const csp = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'";
    const fetched = new Set<string>();
    const folders: Record<string, string> = { harness: harnesses, dist: dist, assets };
    const server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch(request) {
        const path = new URL(request.url).pathname;
        const headers = { "content-security-policy": csp };
        if (path === "/") {
          const html = `<!doctype html><meta charset="utf-8"><title>hosts</title><script type="module" src="/harness/page-host.js"></script>`;
          return new Response(html, { headers: { ...headers, "content-type": "text/html; charset=utf-8" } });
        }
        const [, folder, ...rest] = path.split("/");
        const base = folders[folder ?? ""];
        if (!base || rest.some((p) => p === ".." || p === "")) return new Response("not found", { status: 404 });
        if (folder === "assets") fetched.add(rest.join("/"));
        const file = Bun.file(join(base, ...rest));
        return file.size > 0 ? new Response(file, { headers }) : new Response("not found", { status: 404 });
      },
    });
    const browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      // playwright-core gives every launch a fresh temporary profile (--user-data-dir).
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on("pageerror", (e) => problems.push(e.message));
      page.on("console", (m) => void (m.type() === "error" && problems.push(m.text())));
      await page.goto(`http://127.0.0.1:${server.port}/`);
      await page.waitForFunction(() => "renderSetInPage" in globalThis);
      const inPage = (await page.evaluate(
        ([s, a]) => (globalThis as unknown as { renderSetInPage(s: unknown, a: string): Promise<HostFile[]> }).renderSetInPage(s, a),
        [sources, "/assets/"] as const,
      )) as HostFile[];
      expectSameAsBun(inPage);
      const inWorker = (await page.evaluate(
        ([s, a]) =>
          new Promise((resolve, reject) => {
            const worker = new Worker("/harness/web-worker-host.js", { type: "module" });
            worker.onerror = (e) => reject(new Error(e.message));
            worker.onmessage = ({ data }) => (data.error ? reject(new Error(data.error)) : resolve(data.files));
            worker.postMessage({ sources: s, assets: a });
          }),
        [sources, "/assets/"] as const,
      )) as HostFile[];
      expectSameAsBun(inWorker);
      expect(problems).toEqual([]);
      // Python, C and Pascal in the default font: never the other grammars or fonts, and no Python
      // grammar (the hand-written Python parser takes grade.py; tree-sitter starts for C only).
      expect([...fetched].sort()).toEqual(
        ["DejaVuSans.ttf", "Tinos-Regular.ttf", "resvg.wasm", "tree-sitter-c.wasm", "web-tree-sitter.wasm"],
      );
    } finally {
      await browser.close();
      server.stop(true);
    }
  }, 180_000);

  test("workerd with and without nodejs_compat (dist/web/, hosts/worker.ts): WASM handed over as compiled modules", async () => {
    const dir = join(work, "workerd");
    const used: AssetName[] = ["web-tree-sitter.wasm", "tree-sitter-python.wasm", "tree-sitter-c.wasm", "resvg.wasm", "Tinos-Regular.ttf", "DejaVuSans.ttf"];
    const harness = await bundleHarness({
      entry: join(root, "test/hosts/workerd-host.ts"),
      outdir: dir,
      target: "browser",
      redirects: { [join(root, "engine/index.ts")]: "./index.js", [join(root, "hosts/worker.ts")]: "./worker.js" },
      external: ["*.wasm", "*.ttf"],
      plugins: [workerAssetModules(used)],
    });
    const engineFiles = readdirSync(join(dist, "web")).filter((f) => f.endsWith(".js"));
    for (const f of engineFiles) cpSync(join(dist, "web", f), join(dir, f));
    await run([process.execPath, "scripts/copy-assets.ts", dir, "--only", used.join(",")]);
    const modules = [
      `(name = "harness.js", esModule = embed "${harness.slice(dir.length + 1)}")`,
      ...engineFiles.map((f) => `(name = "${f}", esModule = embed "${f}")`),
      ...used.map((f) => `(name = "${f}", ${f.endsWith(".wasm") ? "wasm" : "data"} = embed "${f}")`),
    ];
    // With nodejs_compat workerd sets process.versions.node and web-tree-sitter takes its Node
    // path; without it, its web path. Both must work.
    const services = [
      { name: "nodeCompat", port: await freePort(), modules, flags: ["nodejs_compat"] },
      { name: "plain", port: await freePort(), modules, flags: [] },
    ];
    writeFileSync(join(dir, "config.capnp"), workerdConfig(services));
    const workerd = Bun.spawn([WORKERD, "serve", join(dir, "config.capnp")], { cwd: dir, stdout: "pipe", stderr: "pipe" });
    try {
      for (const { name, port } of services) {
        const response = await fetchWhenUp(`http://127.0.0.1:${port}/`, { method: "POST", body: JSON.stringify(sources) });
        const body = await response.text();
        expect({ name, status: response.status, body: response.ok ? "" : body }).toEqual({ name, status: 200, body: "" });
        expectSameAsBun(JSON.parse(body));
      }
    } finally {
      workerd.kill();
      await workerd.exited;
    }
  }, 180_000);
});
