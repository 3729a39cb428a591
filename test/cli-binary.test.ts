/**
 * The single-file `skhema` executable of `npm run build:cli`: built into a temp folder and run from
 * another one, so nothing of the repository is at hand — the engine's grammars, WASM modules and
 * fonts must come from inside the binary.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isPng } from "./support/png-decode.ts";
import { cliHome, repoRoot, runCli } from "./support/cli.ts";
import { startServer, type TestServer } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const PY = "def double(x):\n    return x * 2\n\nprint(double(int(input())))\n";
let binary: string;
let server: TestServer;

beforeAll(async () => {
  binary = join(cliHome().cwd, "skhema");
  const build = Bun.spawn([process.execPath, "scripts/build-cli.ts", binary], { cwd: repoRoot, stdout: "pipe", stderr: "pipe" });
  const [err, code] = await Promise.all([new Response(build.stderr).text(), build.exited]);
  if (code !== 0) throw new Error(`build:cli failed: ${err}`);
  server = await startServer();
}, 120_000);
afterAll(() => server.stop());

const run = (args: string[], env: Record<string, string>, cwd: string, stdin?: string) =>
  runCli(args, { command: [binary], env, cwd, ...(stdin === undefined ? {} : { stdin }) });

test("--version and help", async () => {
  const { cwd, config } = cliHome();
  const version = await run(["--version"], { XDG_CONFIG_HOME: config }, cwd);
  expect(version.code).toBe(0);
  expect(version.stdout).toBe(`skhema ${JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).version} (HTTP interface 1.0.0)\n`);
  const help = await run(["help", "batch"], { XDG_CONFIG_HOME: config }, cwd);
  expect(help.code).toBe(0);
  expect(help.stdout).toStartWith("NAME\n       skhema batch - ");
});

test("render --local with the embedded assets: svg, png (resvg + fonts), a C source (tree-sitter grammar)", async () => {
  const { cwd, config } = cliHome();
  writeFileSync(join(cwd, "lab.py"), PY);
  const env = { XDG_CONFIG_HOME: config };
  const svg = await run(["render", "lab.py", "--local"], env, cwd);
  expect(svg.code).toBe(0);
  expect(readFileSync(join(cwd, "lab.svg"), "utf8")).toContain("Повернути x * 2");
  const png = await run(["render", "lab.py", "--local", "-f", "png", "--scale", "1", "-o", "-"], env, cwd);
  expect(png.code).toBe(0);
  expect(isPng(png.stdoutBytes)).toBe(true);
  const c = await run(["render", "-", "--lang", "c", "--local", "-f", "json", "-o", "-"], env, cwd, "int main(void) { int x = 1; return x; }\n");
  expect(c.code).toBe(0);
  expect(JSON.parse(c.stdout).charts).toHaveLength(1);
});

test("a .env or bunfig.toml in the working folder changes nothing: the executable does not load them", async () => {
  const { user, key } = await server.user({ credits: 5 });
  const { cwd, config } = cliHome();
  writeFileSync(join(cwd, "lab.py"), PY);
  // Were the .env loaded, the command would render on the service with this key and be charged.
  writeFileSync(join(cwd, ".env"), `SKHEMA_API_URL=${server.url}\nSKHEMA_API_KEY=${key}\n`);
  writeFileSync(join(cwd, "bunfig.toml"), "this is [not toml\n");
  const r = await run(["render", "lab.py"], { XDG_CONFIG_HOME: config }, cwd);
  expect(r.code).toBe(0);
  expect(r.stderr).toContain("no API key configured");
  expect(readFileSync(join(cwd, "lab.svg"), "utf8")).toContain("Повернути x * 2");
  const row = await server.database.client.execute({ sql: "SELECT credits FROM users WHERE id = ?", args: [user.id] });
  expect(Number(row.rows[0]!.credits)).toBe(5);
});

test("render against the service, and an exit code from the error code", async () => {
  const { user, key } = await server.user({ credits: 5 });
  const { cwd, config } = cliHome();
  writeFileSync(join(cwd, "lab.py"), PY);
  const env = { XDG_CONFIG_HOME: config, SKHEMA_API_URL: server.url, SKHEMA_API_KEY: key };
  const r = await run(["render", "lab.py", "--json"], env, cwd);
  expect(r.code).toBe(0);
  expect(JSON.parse(r.stdout)).toMatchObject({ filename: "lab.svg", creditsLeft: 3 });
  const row = await server.database.client.execute({ sql: "SELECT credits FROM users WHERE id = ?", args: [user.id] });
  expect(Number(row.rows[0]!.credits)).toBe(3);
  const bad = await run(["render", "lab.py", "--json"], { ...env, SKHEMA_API_KEY: "rk_wrong" }, cwd);
  expect(bad.code).toBe(3);
});

test("the files the binary embeds are the asset manifest's files", async () => {
  const { CLI_ASSET_PATHS } = await import("../cli/assets.ts");
  const { ASSET_NAMES, assetFileUrl } = await import("../hosts/asset-manifest.ts");
  expect(Object.keys(CLI_ASSET_PATHS).sort()).toEqual([...ASSET_NAMES].sort());
  for (const name of ASSET_NAMES) expect({ name, path: CLI_ASSET_PATHS[name] }).toEqual({ name, path: assetFileUrl(name).pathname });
});

test("a plain bundle (bun build --splitting, as the fast-start builds are made) finds the assets beside its chunks", async () => {
  const out = join(cliHome().cwd, "bundle");
  const build = Bun.spawn([process.execPath, "build", "cli/main.ts", "--target", "bun", "--splitting", "--outdir", out], { cwd: repoRoot, stdout: "pipe", stderr: "pipe" });
  const [err, code] = await Promise.all([new Response(build.stderr).text(), build.exited]);
  expect({ code, err }).toEqual({ code: 0, err: "" });
  const { cwd, config } = cliHome();
  writeFileSync(join(cwd, "lab.py"), PY);
  const png = await runCli(["render", "lab.py", "--local", "-f", "png", "--scale", "1", "-o", "-"], { command: [process.execPath, join(out, "main.js")], env: { XDG_CONFIG_HOME: config }, cwd });
  expect(png.code).toBe(0);
  expect(isPng(png.stdoutBytes)).toBe(true);
});
