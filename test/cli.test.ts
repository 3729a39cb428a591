/**
 * The `skhema` CLI (issue 11) as a user runs it: a separate process against a real server on a
 * loopback port with a real libSQL database. Every command and flag group, the exit-code table,
 * the config file and its permissions, stdin/stdout, --json, the batch progress bar (on a pty
 * only) and --local with no server at all.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { isPng } from "./support/png-decode.ts";
import { cliEnv, cliHome, repoRoot, runCli, type CliRun } from "./support/cli.ts";
import { startServer, startSourceHost, type SourceHost, type TestServer } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const SVG = /^<\?xml [^>]*>\n<svg /;
const PY = "def double(x):\n    return x * 2\n\nn = int(input())\nif n > 0:\n    print(double(n))\nelse:\n    print(0)\n";
const C = "#include <stdio.h>\nint main(void) {\n  int n;\n  scanf(\"%d\", &n);\n  for (int i = 0; i < n; i++) printf(\"%d\\n\", i);\n  return 0;\n}\n";

/** f cannot be drawn (a syntax error), g can. */
const HALF_BROKEN = "def f(:\n    pass\n\ndef g(x):\n    return x\n";

/**
 * Runs the CLI on a pseudo-terminal (`script` copies what it draws to its stdout). `typed` is sent
 * once the terminal shows `after`: what a user types when asked, not before.
 */
async function onTerminal(args: string[], env: Record<string, string>, cwd: string, input?: { after: string; typed: string }) {
  const inner = [process.execPath, join(repoRoot, "cli/main.ts"), ...args].map((a) => `'${a}'`).join(" ");
  const child = Bun.spawn(["script", "-q", "-e", "-c", inner, "/dev/null"], { cwd, env: cliEnv(env), stdin: input ? "pipe" : "ignore", stdout: "pipe", stderr: "pipe" });
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let out = "";
  let sent = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    out += decoder.decode(value, { stream: true });
    if (input && !sent && out.includes(input.after)) {
      sent = true;
      child.stdin!.write(input.typed);
      await child.stdin!.flush();
    }
  }
  return { out, code: await child.exited };
}

let server: TestServer;
let sources: SourceHost;
/** A folder with lab.py and lab.c in it. */
let work: string;

beforeAll(async () => {
  sources = startSourceHost({ "/lab.py": () => new Response(PY) });
  server = await startServer(sources.env);
  work = cliHome().cwd;
  writeFileSync(join(work, "lab.py"), PY);
  writeFileSync(join(work, "lab.c"), C);
  writeFileSync(join(work, "lab.xyz"), PY);
  writeFileSync(join(work, "broken.py"), "def f(:\n");
  writeFileSync(join(work, "half.py"), HALF_BROKEN);
});
afterAll(async () => {
  await server.stop();
  await sources.stop();
});

/** A run with a key of a fresh user (`credits` as given) and a private config folder. */
async function withUser(options: { credits?: number; pro?: boolean } = {}) {
  const { user, key } = await server.user({ credits: options.credits ?? 50, ...(options.pro ? { pro: true } : {}) });
  const home = cliHome();
  const env = { XDG_CONFIG_HOME: home.config, SKHEMA_API_URL: server.url, SKHEMA_API_KEY: key };
  const run = (args: string[], extra: { stdin?: string; cwd?: string; env?: Record<string, string> } = {}) =>
    runCli(args, { env: { ...env, ...extra.env }, cwd: extra.cwd ?? home.cwd, ...(extra.stdin === undefined ? {} : { stdin: extra.stdin }) });
  return { user, key, home, env, run };
}

async function credits(userId: number): Promise<number> {
  const row = await server.database.client.execute({ sql: "SELECT credits FROM users WHERE id = ?", args: [userId] });
  return Number(row.rows[0]!.credits);
}

const ok = (r: CliRun) => {
  if (r.code !== 0) throw new Error(`exit ${r.code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
  return r;
};

describe("help, version, usage errors", () => {
  test("--version prints the software's version and the HTTP interface's, saying which is which", async () => {
    const r = ok(await runCli(["--version"]));
    expect(r.stdout).toBe(`skhema ${JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).version} (HTTP interface 1.0.0)\n`);
  });

  test("skhema help lists every command and the exit-code table", async () => {
    const r = ok(await runCli(["help"]));
    for (const c of ["render", "batch", "me", "products", "topup", "gift", "openapi", "login", "logout", "config", "mcp", "completion"]) {
      expect(r.stdout).toMatch(new RegExp(`^ +${c} +`, "m"));
    }
    expect(r.stdout).toStartWith("NAME\n");
    for (const section of ["SYNOPSIS", "COMMANDS", "ENVIRONMENT", "FILES", "EXIT STATUS"]) expect(r.stdout).toContain(`\n\n${section}\n`);
    for (let code = 0; code <= 9; code++) expect(r.stdout).toMatch(new RegExp(`^ +${code}  \\S`, "m"));
    expect(ok(await runCli([])).stdout).toBe(r.stdout);
  });

  test("skhema help render reads like a man page and names every request flag", async () => {
    const r = ok(await runCli(["help", "render"]));
    expect(r.stdout).toStartWith("NAME\n       skhema render - ");
    for (const section of ["SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "EXAMPLES"]) expect(r.stdout).toContain(`\n\n${section}\n`);
    for (const flag of ["-f, --format", "--lang", "--fn", "--split", "--no-split", "--scale", "--fragment", "--font", "--options", "--url", "--json", "--local",
      "--locale", "--single-end", "--main-only-terminators", "--call-as-process", "--strip-types", "--return-as-io", "--verbatim", "--fig-start", "--for-format",
      "--yes", "--no ", "--in-word", "--out-word", "--start-text", "--end-text", "--entry-text", "--exit-text", "--return-word", "--for-each-word", "--cap-word", "--cap-format", "-o, --output"]) {
      expect(r.stdout).toContain(flag);
    }
    expect(ok(await runCli(["render", "--help"])).stdout).toBe(r.stdout);
  });

  test("an unknown command, an unknown flag, a flag without its value or with one it takes not, and a missing argument exit 2 with the reason on stderr", async () => {
    for (const args of [["frobnicate"], ["render", "--colour", "red", "x.py"], ["render"], ["help", "nope"], ["render", "a.py", "b.py"], ["gift", "--qty", "2"], ["render", "--scale", "big", "x.py"], ["render", "--local=yes", "x.py"], ["render", "x.py", "-f"]]) {
      const r = await runCli(args, { env: { XDG_CONFIG_HOME: cliHome().config } });
      expect(r.code).toBe(2);
      expect(r.stderr).toStartWith("skhema: ");
      expect(r.stdout).toBe("");
    }
  });

  test("--json puts the error code on stdout too", async () => {
    const r = await runCli(["render", "--json"], { env: { XDG_CONFIG_HOME: cliHome().config } });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toEqual({ error: expect.any(String), code: "usage", exit: 2 });
  });
});

describe("completion", () => {
  test("bash: the script is valid and completes commands, flags and flag values", async () => {
    const script = ok(await runCli(["completion", "bash"])).stdout;
    const dir = cliHome().cwd;
    writeFileSync(join(dir, "skhema.bash"), script);
    const complete = async (words: string[]) => {
      const line = `source ${join(dir, "skhema.bash")}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${words.length - 1}; _skhema; printf '%s\\n' "\${COMPREPLY[@]}"`;
      const child = Bun.spawn(["bash", "-c", line], { stdout: "pipe", stderr: "pipe" });
      const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
      expect(err).toBe("");
      expect(code).toBe(0);
      return out.trim().split("\n");
    };
    expect(await complete(["skhema", "ba"])).toEqual(["batch"]);
    expect(await complete(["skhema", "render", "--for-f"])).toEqual(["--for-format"]);
    expect((await complete(["skhema", "render", "-f", ""])).sort()).toEqual(["docx", "drawio", "excalidraw", "json", "pdf", "png", "svg", "typst", "vsdx"]);
    expect((await complete(["skhema", "batch", "--format", ""])).sort()).toEqual(["drawio", "excalidraw", "pdf", "png", "svg", "typst", "vsdx"]);
    expect(await complete(["skhema", "completion", "f"])).toEqual(["fish"]);
  });

  test("zsh and fish: every command and flag is offered", async () => {
    const zsh = ok(await runCli(["completion", "zsh"])).stdout;
    const fish = ok(await runCli(["completion", "fish"])).stdout;
    expect(zsh).toStartWith("#compdef skhema\n");
    expect(zsh).toContain("'render:render one source to a flowchart");
    expect(zsh).toContain("'--format[output format");
    expect(zsh).toContain("(svg png pdf docx typst excalidraw json drawio vsdx)");
    expect(fish).toContain("complete -c skhema -n '__fish_use_subcommand' -a topup");
    expect(fish).toContain("complete -c skhema -n '__fish_seen_subcommand_from render' -l format -s f -x -a 'svg png pdf docx typst excalidraw json drawio vsdx'");
    expect(fish).toContain("-l single-end");
    const r = await runCli(["completion", "tcsh"]);
    expect(r.code).toBe(2);
  });
});

describe("login, logout, config", () => {
  test("login checks the key with GET /me, then writes the config file 0600 in a 0700 folder", async () => {
    const { key } = await server.user({ credits: 3 });
    const home = cliHome();
    const env = { XDG_CONFIG_HOME: home.config };
    const r = ok(await runCli(["login", "--api-key", key, "--api-url", server.url], { env }));
    expect(r.stderr).toContain("logged in as user");
    const file = join(home.config, "skhema", "config.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(home.config, "skhema")).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ url: server.url, key });

    // The saved key and URL are used from now on.
    const me = ok(await runCli(["me", "--json"], { env }));
    expect(JSON.parse(me.stdout).credits).toBe(3);

    const shown = JSON.parse(ok(await runCli(["config", "--json"], { env })).stdout);
    expect(shown).toEqual({ config: file, url: server.url, urlFrom: "file", key: `${key.slice(0, 5)}…${key.slice(-4)}`, keyFrom: "file" });
    expect(ok(await runCli(["config", "path"], { env })).stdout).toBe(`${file}\n`);
    expect(ok(await runCli(["config"], { env })).stdout).not.toContain(key);

    ok(await runCli(["logout"], { env }));
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ url: server.url });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const after = await runCli(["me"], { env });
    expect(after.code).toBe(3);
    expect(after.stderr).toContain("no API key");
  });

  test("login reads the key from stdin; a wrong key exits 3 and saves nothing", async () => {
    const { key } = await server.user({ credits: 1 });
    const home = cliHome();
    const env = { XDG_CONFIG_HOME: home.config, SKHEMA_API_URL: server.url };
    const bad = await runCli(["login"], { env, stdin: "rk_wrong_key_0000000000000000\n" });
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain("skhema: ");
    expect(existsSync(join(home.config, "skhema", "config.json"))).toBe(false);
    ok(await runCli(["login"], { env, stdin: `${key}\n` }));
    expect(JSON.parse(readFileSync(join(home.config, "skhema", "config.json"), "utf8")).key).toBe(key);
  });

  test("on a terminal login prompts for the key and does not show it as it is typed", async () => {
    const { key } = await server.user({ credits: 4 });
    const home = cliHome();
    const { out, code } = await onTerminal(["login"], { XDG_CONFIG_HOME: home.config, SKHEMA_API_URL: server.url }, home.cwd, { after: "API key (rk_…", typed: `${key}\r` });
    expect(code).toBe(0);
    expect(out).toContain("API key (rk_…");
    expect(out).toContain("(4 credits)");
    expect(out).not.toContain(key.slice(3));
    expect(JSON.parse(readFileSync(join(home.config, "skhema", "config.json"), "utf8")).key).toBe(key);
  });

  test("SKHEMA_API_KEY and SKHEMA_API_URL override the file; config set/unset url", async () => {
    const { key } = await server.user({ credits: 2 });
    const home = cliHome();
    const env = { XDG_CONFIG_HOME: home.config };
    ok(await runCli(["config", "set", "url", "http://127.0.0.1:9/v1"], { env }));
    const file = join(home.config, "skhema", "config.json");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ url: "http://127.0.0.1:9/v1" });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const viaEnv = ok(await runCli(["me", "--json"], { env: { ...env, SKHEMA_API_URL: server.url, SKHEMA_API_KEY: key } }));
    expect(JSON.parse(viaEnv.stdout).credits).toBe(2);
    const shown = JSON.parse(ok(await runCli(["config", "--json"], { env: { ...env, SKHEMA_API_KEY: key } })).stdout);
    expect(shown).toMatchObject({ url: "http://127.0.0.1:9/v1", urlFrom: "file", keyFrom: "env" });
    ok(await runCli(["config", "unset", "url"], { env }));
    expect(JSON.parse(ok(await runCli(["config", "--json"], { env })).stdout)).toMatchObject({ url: "http://localhost:8787/v1", urlFrom: "default", key: null });
    expect((await runCli(["config", "set", "key", "x"], { env })).code).toBe(2);
    writeFileSync(file, "{not json");
    expect((await runCli(["config"], { env })).code).toBe(2);
  });
});

describe("render against the service", () => {
  test("a file: the answer's name in the current folder, 1 credit per chart", async () => {
    const { user, run, home } = await withUser({ credits: 10 });
    writeFileSync(join(home.cwd, "lab.py"), PY);
    const r = ok(await run(["render", "lab.py"]));
    const svg = readFileSync(join(home.cwd, "lab.svg"), "utf8");
    expect(svg).toMatch(SVG);
    expect(r.stderr).toContain("lab.svg: ");
    expect(r.stderr).toContain("8 credits left");
    expect(await credits(user.id)).toBe(8); // two charts: main and double
  });

  test("set-up left out: the file answer's X-Omitted-Setup count becomes one note on stderr (issue 20)", async () => {
    const { run, home } = await withUser({ credits: 10 });
    writeFileSync(join(home.cwd, "lab.c"), 'int main() {\n  setlocale(LC_ALL, "rus");\n  int n;\n  scanf("%d", &n);\n  system("pause");\n  return 0;\n}\n');
    const r = ok(await run(["render", "lab.c"]));
    expect(r.stderr).toContain("note: 2 statement(s) left out as runtime set-up (--json lists them, --verbatim draws them)");
    // With --json the answer lists them, and the note is --local's, statement by statement.
    const json = ok(await run(["render", "lab.c", "--json"]));
    expect(json.stderr).toContain('note: left out as runtime set-up (--verbatim draws it): setlocale(LC_ALL, "rus") (line 2); system("pause") (line 5)');
    const verbatim = ok(await run(["render", "lab.c", "--verbatim"]));
    expect(verbatim.stderr).not.toContain("left out");
  });

  test("-o file, -o folder/, -o - (stdout) give the same bytes", async () => {
    const { run, home } = await withUser();
    const file = join(home.cwd, "chart.svg");
    ok(await run(["render", join(work, "lab.py"), "-o", file]));
    ok(await run(["render", join(work, "lab.py"), "-o", join(home.cwd, "out") + "/"]));
    const stdout = ok(await run(["render", join(work, "lab.py"), "-o", "-"]));
    const bytes = readFileSync(file);
    expect(readFileSync(join(home.cwd, "out", "lab.svg"))).toEqual(bytes);
    expect(Buffer.from(stdout.stdoutBytes)).toEqual(bytes);
    mkdirSync(join(home.cwd, "existing"));
    ok(await run(["render", join(work, "lab.c"), "-f", "pdf", "-o", join(home.cwd, "existing")]));
    expect(readFileSync(join(home.cwd, "existing", "lab.pdf")).subarray(0, 5).toString()).toBe("%PDF-");
  });

  test("JavaScript, TypeScript, Go and PHP files: the language from the extension, charts from the service (issue 27)", async () => {
    const { run, home } = await withUser({ credits: 50 });
    const sources: Record<string, string> = {
      "lab.mjs": "function twice(x) {\n  return 2 * x;\n}\nconsole.log(twice(Number(prompt())));\n",
      "lab.tsx": "function twice(x: number): number {\n  return 2 * x;\n}\nconsole.log(twice(3));\n",
      "lab.go": "package main\n\nimport \"fmt\"\n\nfunc twice(x int) int { return 2 * x }\n\nfunc main() {\n\tfmt.Println(twice(3))\n}\n",
      "lab.php": "<?php\nfunction twice($x) { return 2 * $x; }\necho twice((int) fgets(STDIN));\n",
    };
    const langs: Record<string, string> = { "lab.mjs": "javascript", "lab.tsx": "typescript", "lab.go": "go", "lab.php": "php" };
    for (const [file, code] of Object.entries(sources)) {
      writeFileSync(join(home.cwd, file), code);
      const r = ok(await run(["render", file, "--json"]));
      expect(JSON.parse(r.stdout)).toMatchObject({ lang: langs[file], format: "svg" });
    }
    const piped = ok(await run(["render", "-", "--lang", "go", "-o", "-"], { stdin: sources["lab.go"]! }));
    expect(piped.stdout).toMatch(SVG);
  });

  test("stdin (-) with --lang, and without --lang a usage error", async () => {
    const { run } = await withUser();
    const r = ok(await run(["render", "-", "--lang", "python", "-o", "-"], { stdin: PY }));
    expect(r.stdout).toMatch(SVG);
    const binary = await runCli(["render", "-", "--lang", "python"], { env: { XDG_CONFIG_HOME: cliHome().config, SKHEMA_API_URL: server.url, SKHEMA_API_KEY: "rk_x" }, stdin: new Uint8Array([0x78, 0x00, 0x0a]) });
    expect(binary.code).toBe(2);
    expect(binary.stderr).toContain("standard input: the file is not text: it contains NUL bytes at byte 1");
    const missing = await run(["render", "-", "-o", "-"], { stdin: PY });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--lang");
  });

  test("--json prints the RenderJSONResponse; binary formats in base64", async () => {
    const { run } = await withUser({ credits: 10 });
    const svg = JSON.parse(ok(await run(["render", join(work, "lab.py"), "--json"])).stdout);
    expect(svg).toMatchObject({ format: "svg", lang: "python", filename: "lab.svg", encoding: "utf-8", creditsLeft: 8 });
    expect(svg.content).toMatch(SVG);
    const png = JSON.parse(ok(await run(["render", join(work, "lab.c"), "-f", "png", "--scale", "1", "--json"])).stdout);
    expect(png).toMatchObject({ format: "png", lang: "c", filename: "lab.png", encoding: "base64" });
    expect(isPng(Buffer.from(png.content, "base64"))).toBe(true);
  });

  test("request flags reach the service: --fn, --split/--no-split, --scale, --fragment, --font, --options and the option flags", async () => {
    const { run } = await withUser({ credits: 40 });
    const lab = join(work, "lab.py");
    const json = async (...args: string[]) => JSON.parse(ok(await run(["render", lab, "--json", ...args])).stdout);
    const geometry = async (...args: string[]) => JSON.parse((await json("-f", "json", ...args)).content);

    expect((await geometry()).charts.length).toBe(2);
    expect((await geometry("--fn", "double")).charts.map((c: { name: string }) => c.name)).toEqual(["double"]);
    expect((await geometry("--font", "Arial")).font.family).toBe("Arimo");
    const en = JSON.stringify(await geometry("--locale", "en"));
    expect(en).toContain("Start");
    expect(en).not.toContain("Початок");
    const viaOptions = JSON.stringify(await geometry("--options", '{"locale":"en"}'));
    expect(viaOptions).toBe(en);
    // A flag wins over the same field of --options.
    expect(JSON.stringify(await geometry("--options", '{"locale":"en"}', "--locale", "uk"))).toContain("Початок");
    const single = await geometry("--single-end", "--fig-start", "5");
    expect(single.charts[0].figure).toBe(5);

    const typst = await json("-f", "typst", "--fragment");
    expect(typst.content).not.toContain("#import");
    expect((await json("-f", "typst")).content).toContain("#import");
    const small = await json("-f", "png", "--scale", "1");
    const large = await json("-f", "png", "--scale", "2");
    expect(Buffer.from(large.content, "base64").byteLength).toBeGreaterThan(Buffer.from(small.content, "base64").byteLength);
    const split = await geometry("--split");
    const noSplit = await geometry("--no-split");
    expect(split.charts.length).toBe(noSplit.charts.length);
    expect((await run(["render", lab, "--split", "--no-split"])).code).toBe(2);
  });

  test("--url fetches the source through the service", async () => {
    const { run, home } = await withUser();
    ok(await run(["render", "--url", `${sources.base}/lab.py`]));
    expect(readFileSync(join(home.cwd, "lab.svg"), "utf8")).toMatch(SVG);
  });

  test("Pro options: exit 5 without Pro, drawn with Pro", async () => {
    const plain = await withUser();
    const r = await plain.run(["render", join(work, "lab.py"), "--yes", "Авжеж", "--json"]);
    expect(r.code).toBe(5);
    expect(JSON.parse(r.stdout)).toMatchObject({ code: "pro_required", exit: 5 });
    expect(r.stderr).toContain("skhema: ");
    const pro = await withUser({ pro: true });
    const drawn = JSON.parse(ok(await pro.run(["render", join(work, "lab.py"), "-f", "json", "--json", "--yes", "Авжеж", "--for-format", "range"])).stdout);
    expect(drawn.content).toContain("Авжеж");
  });
});

describe("exit codes from the error code", () => {
  test("unauthorized → 3, no_credits → 4, network → 8", async () => {
    const home = cliHome();
    const wrong = await runCli(["render", join(work, "lab.py"), "--json"], { env: { XDG_CONFIG_HOME: home.config, SKHEMA_API_URL: server.url, SKHEMA_API_KEY: "rk_not_a_key" } });
    expect(wrong.code).toBe(3);
    expect(JSON.parse(wrong.stdout)).toMatchObject({ code: "unauthorized", exit: 3 });

    const broke = await withUser({ credits: 0 });
    const poor = await broke.run(["render", join(work, "lab.py")]);
    expect(poor.code).toBe(4);
    expect(poor.stderr).toContain("skhema: ");

    // A port nothing listens on (the discard port is never served on loopback here).
    const down = await runCli(["me", "--json"], { env: { XDG_CONFIG_HOME: home.config, SKHEMA_API_URL: "http://127.0.0.1:9/v1", SKHEMA_API_KEY: "rk_x" } });
    expect(down.code).toBe(8);
    expect(JSON.parse(down.stdout)).toMatchObject({ code: "network", exit: 8 });
  });

  test("bad_request, unknown_lang, unknown_format, bad_source → 2; render_failed → 1", async () => {
    const { run } = await withUser({ credits: 20 });
    const cases: [string[], string, number][] = [
      [["render", join(work, "lab.py"), "--scale", "99"], "bad_request", 2],
      [["render", join(work, "lab.xyz")], "unknown_lang", 2],
      [["render", join(work, "lab.py"), "-f", "gif"], "unknown_format", 2],
      [["render", "--url", "https://example.com/lab.py"], "bad_source", 2],
      [["render", join(work, "lab.py"), "--fn", "nosuch"], "render_failed", 1],
      [["render", join(work, "lab.py"), "--options", '{"colour":1}'], "bad_request", 2],
    ];
    for (const [args, code, exit] of cases) {
      const r = await run([...args, "--json"]);
      expect({ args, code: r.code }).toEqual({ args, code: exit });
      expect(JSON.parse(r.stdout)).toMatchObject({ code, exit });
    }
  });

  test("rate_limited → 6 with --no-retry", async () => {
    const limited = await startServer({ RATE_LIMIT_PER_MINUTE: "1" });
    try {
      const { key } = await limited.user({ credits: 1 });
      const env = { XDG_CONFIG_HOME: cliHome().config, SKHEMA_API_URL: limited.url, SKHEMA_API_KEY: key };
      ok(await runCli(["me"], { env }));
      const r = await runCli(["me", "--no-retry", "--json"], { env });
      expect(r.code).toBe(6);
      expect(JSON.parse(r.stdout)).toMatchObject({ code: "rate_limited", exit: 6 });
    } finally {
      await limited.stop();
    }
  });
});

describe("batch", () => {
  test("several files → one PDF; the zip of svgs holds one file per item", async () => {
    const { run, home, user } = await withUser({ credits: 20 });
    const r = ok(await run(["batch", join(work, "lab.py"), join(work, "lab.c"), "-f", "pdf"]));
    const pdf = readdirSync(home.cwd).find((f) => f.endsWith(".pdf"))!;
    expect(readFileSync(join(home.cwd, pdf)).subarray(0, 5).toString()).toBe("%PDF-");
    expect(r.stderr).toContain("2 of 2 rendered");
    expect(await credits(user.id)).toBe(17); // 2 charts + 1 chart

    const zip = ok(await run(["batch", join(work, "lab.py"), join(work, "lab.c"), "-o", "-"]));
    const names = Object.keys(unzipSync(zip.stdoutBytes));
    expect(names).toHaveLength(2);
    expect(names.every((n) => n.endsWith(".svg"))).toBe(true);
  });

  test("a failed item is named on stderr, the others are rendered; --json prints the BatchResponse; --url items", async () => {
    const { run } = await withUser({ credits: 20 });
    const r = ok(await run(["batch", join(work, "lab.py"), join(work, "broken.py"), "-o", "-"]));
    expect(r.stderr).toContain("failed: broken");
    expect(r.stderr).toContain("1 of 2 rendered");
    const json = JSON.parse(ok(await run(["batch", join(work, "lab.c"), "--url", `${sources.base}/lab.py`, "-f", "png", "--scale", "1", "--json"])).stdout);
    expect(json).toMatchObject({ format: "png", bundle: "zip", count: 2, rendered: 2, encoding: "base64" });
    const files = unzipSync(Buffer.from(json.content, "base64"));
    expect(Object.values(files).every((f) => isPng(f))).toBe(true);
    const none = await run(["batch"]);
    expect(none.code).toBe(2);
  });

  test("the progress bar is drawn on a terminal only", async () => {
    const { env, home } = await withUser({ credits: 20 });
    const piped = ok(await runCli(["batch", join(work, "lab.py"), join(work, "lab.c"), "-o", join(home.cwd, "piped.zip")], { env, cwd: home.cwd }));
    expect(piped.stderr).not.toContain("items sent");
    expect(piped.stderr).not.toContain("\r");

    // `script` gives the CLI a pseudo-terminal as stdin/stdout/stderr and copies what it draws.
    const inner = [process.execPath, join(repoRoot, "cli/main.ts"), "batch", join(work, "lab.py"), join(work, "lab.c"), "-o", join(home.cwd, "tty.zip")]
      .map((a) => `'${a}'`).join(" ");
    const child = Bun.spawn(["script", "-q", "-e", "-c", inner, "/dev/null"], { cwd: home.cwd, env: cliEnv(env), stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    const [out, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
    expect(code).toBe(0);
    expect(out).toContain("2/2 items sent");
    expect(out).toContain("received");
    expect(Object.keys(unzipSync(readFileSync(join(home.cwd, "tty.zip"))))).toHaveLength(2);
  });
});

describe("me, openapi", () => {
  test("me as text and as JSON", async () => {
    const { run } = await withUser({ credits: 12 });
    const text = ok(await run(["me"])).stdout;
    expect(text).toContain("credits: 12");
    expect(text).toContain("no Pro");
    expect(JSON.parse(ok(await run(["me", "--json"])).stdout)).toMatchObject({ credits: 12, pro: false, proUntil: "" });
  });

  test("openapi needs no key and prints the OpenAPI 3.1 document", async () => {
    const r = ok(await runCli(["openapi"], { env: { XDG_CONFIG_HOME: cliHome().config, SKHEMA_API_URL: server.url } }));
    const doc = JSON.parse(r.stdout);
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/render");
  });
});

describe("messages (issue 24)", () => {
  test("a function that cannot be drawn is a warning through the service as with --local; the others are drawn, exit 0", async () => {
    const { run, home } = await withUser({ credits: 10 });
    const served = ok(await run(["render", join(work, "half.py"), "-o", join(home.cwd, "served.svg")]));
    expect(served.stderr).toContain("warning: not drawn: f (--json gives the reasons)\n");
    expect(readFileSync(join(home.cwd, "served.svg"), "utf8")).toMatch(SVG);
    const local = ok(await run(["render", join(work, "half.py"), "--local", "-o", join(home.cwd, "local.svg")]));
    const localWarning = local.stderr.split("\n").find((l) => l.startsWith("warning: f: "));
    expect(localWarning).toContain("syntax error");
    // With --json the answer names the reason, and the warning is --local's, word for word.
    const json = ok(await run(["render", join(work, "half.py"), "--json"]));
    expect(json.stderr.split("\n")).toContain(localWarning!);
    expect(JSON.parse(json.stdout).skipped).toEqual([expect.objectContaining({ name: "f" })]);
  });

  test("when the header could name only the first of them, the warning says how many more (X-Skipped-Count)", async () => {
    const { run, home } = await withUser({ credits: 10 });
    // Six broken functions with long Cyrillic names: ≈ 600 bytes each percent-encoded, so the
    // 2 000-byte header holds the first three.
    const names = Array.from({ length: 6 }, (_, i) => `${"функція".repeat(14)}_${i}`);
    writeFileSync(join(home.cwd, "many.py"), `${names.map((n) => `def ${n}(:\n    pass\n\ndef ok_${n}(x):\n    return x\n`).join("\n")}`);
    const r = ok(await run(["render", "many.py"]));
    expect(r.stderr).toContain(`warning: not drawn: ${names.slice(0, 3).join(", ")} and 3 more (--json gives the reasons)\n`);
  });

  test("a missing file is «file not found», not ENOENT", async () => {
    const home = cliHome();
    const r = await runCli(["render", "nope.py", "--local"], { env: { XDG_CONFIG_HOME: home.config }, cwd: home.cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("skhema: file not found: nope.py\n");
    const written = await runCli(["render", join(work, "lab.py"), "--local", "-o", join(home.cwd, "no/such/folder/x.svg")], { env: { XDG_CONFIG_HOME: home.config }, cwd: home.cwd });
    expect(written.code).toBe(1);
    expect(written.stderr).not.toContain("ENOENT");
  });

  test("the service's validation errors read as sentences", async () => {
    const { run } = await withUser({ credits: 10 });
    const scale = await run(["render", join(work, "lab.py"), "-f", "png", "--scale", "99"]);
    expect(scale.code).toBe(2);
    expect(scale.stderr).toBe("skhema: scale must be at most 10\n");
    const gift = await run(["gift", "--email", "friend@example.com", "--qty", "0"]);
    expect(gift.code).toBe(2);
    expect(gift.stderr).toBe("skhema: qty must be at least 1\n");
  });

  test("on a terminal errors are red and warnings yellow, what went well plain; NO_COLOR and pipes get no colour", async () => {
    const home = cliHome();
    const env = { XDG_CONFIG_HOME: home.config };
    const drawn = await onTerminal(["render", join(work, "half.py"), "--local", "-o", "half.svg"], env, home.cwd);
    expect(drawn.code).toBe(0);
    expect(drawn.out).toContain("\u001b[33mwarning: f: ");
    const success = drawn.out.split(/\r?\n/).find((l) => l.includes("half.svg: 1 chart(s), rendered locally"));
    expect(success).toBe("half.svg: 1 chart(s), rendered locally");
    const missing = await onTerminal(["render", "nope.py", "--local"], env, home.cwd);
    expect(missing.code).toBe(2);
    expect(missing.out).toContain("\u001b[31mskhema: file not found: nope.py\u001b[39m");
    const plain = await onTerminal(["render", "nope.py", "--local"], { ...env, NO_COLOR: "1" }, home.cwd);
    expect(plain.out).not.toContain("\u001b[");
    const piped = await runCli(["render", join(work, "half.py"), "--local", "-o", join(home.cwd, "piped.svg")], { env, cwd: home.cwd });
    expect(piped.stderr).not.toContain("\u001b[");
  });

  test("a reader that stops early (| head) ends the command quietly with exit 0", async () => {
    const home = cliHome();
    // ≈ 100 functions: a JSON answer far larger than a pipe's buffer, so the CLI is still writing when head leaves.
    writeFileSync(join(home.cwd, "many.py"), Array.from({ length: 100 }, (_, i) => `def f${i}(x):\n    if x > ${i}:\n        print(x)\n    return x\n`).join("\n"));
    const cli = [process.execPath, join(repoRoot, "cli/main.ts"), "render", "many.py", "--local", "--json"].map((a) => `'${a}'`).join(" ");
    const child = Bun.spawn(["bash", "-c", `${cli} | head -c 100 > /dev/null; echo "exit \${PIPESTATUS[0]}"`], {
      cwd: home.cwd, env: cliEnv({ XDG_CONFIG_HOME: home.config }), stdout: "pipe", stderr: "pipe",
    });
    const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    expect(out).toBe("exit 0\n");
    expect(err).toBe("");
  }, 60_000);
});

describe("render --local", () => {
  test("no key configured: rendered in process with a note, even with no server running", async () => {
    const home = cliHome();
    writeFileSync(join(home.cwd, "lab.py"), PY);
    const r = ok(await runCli(["render", "lab.py"], { env: { XDG_CONFIG_HOME: home.config, SKHEMA_API_URL: "http://127.0.0.1:9/v1" }, cwd: home.cwd }));
    expect(r.stderr).toContain("rendering locally");
    expect(readFileSync(join(home.cwd, "lab.svg"), "utf8")).toMatch(SVG);
  });

  test("--local with a key never calls the service; same flags, --json, stdin", async () => {
    const { run, user, home } = await withUser({ credits: 5 });
    const local = ok(await run(["render", join(work, "lab.py"), "--local", "-f", "json", "-o", "-", "--locale", "en", "--yes", "Sure"]));
    const geometry = JSON.parse(local.stdout);
    expect(geometry.charts.length).toBe(2);
    expect(JSON.stringify(geometry)).toContain("Sure");
    const json = JSON.parse(ok(await run(["render", "-", "--local", "--lang", "c", "--json", "-f", "png", "--scale", "1"], { stdin: C })).stdout);
    expect(json).toMatchObject({ format: "png", lang: "c", encoding: "base64", charts: 1 });
    expect(isPng(Buffer.from(json.content, "base64"))).toBe(true);
    expect(await credits(user.id)).toBe(5);
    const bad = await run(["render", join(work, "lab.py"), "--local", "--fn", "nosuch"]);
    expect(bad.code).toBe(1);
    expect((await run(["render", join(work, "lab.xyz"), "--local"])).code).toBe(2);
    expect(existsSync(join(home.cwd, "lab.xyz"))).toBe(false);
  });

  test("runtime set-up left out is one note on stderr, in --json's omitted; --verbatim draws it; the exit code stays 0", async () => {
    const home = cliHome();
    writeFileSync(join(home.cwd, "lab.c"), 'int main() {\n  setlocale(LC_ALL, "rus");\n  int n;\n  scanf("%d", &n);\n  system("pause");\n  return 0;\n}\n');
    const env = { XDG_CONFIG_HOME: home.config, SKHEMA_API_URL: "http://127.0.0.1:9/v1" };
    const r = ok(await runCli(["render", "lab.c", "--local", "-f", "json", "-o", "-"], { env, cwd: home.cwd }));
    expect(r.stderr).toContain('note: left out as runtime set-up (--verbatim draws it): setlocale(LC_ALL, "rus") (line 2); system("pause") (line 5)');
    expect(r.stdout).not.toContain("setlocale");
    const json = JSON.parse(ok(await runCli(["render", "lab.c", "--local", "--json"], { env, cwd: home.cwd })).stdout);
    expect(json.omitted).toEqual([{ chart: "main", line: 2, text: 'setlocale(LC_ALL, "rus")' }, { chart: "main", line: 5, text: 'system("pause")' }]);
    const verbatim = ok(await runCli(["render", "lab.c", "--local", "-f", "json", "-o", "-", "--verbatim"], { env, cwd: home.cwd }));
    expect(verbatim.stderr).not.toContain("left out");
    expect(verbatim.stdout).toContain("setlocale");
  });

  test("-o's extension chooses the format when --format is not given; one that disagrees with --format, or that the command does not write, exits 2", async () => {
    const home = cliHome();
    writeFileSync(join(home.cwd, "lab.py"), PY);
    const env = { XDG_CONFIG_HOME: home.config, SKHEMA_API_URL: "http://127.0.0.1:9/v1" };
    ok(await runCli(["render", "lab.py", "--local", "-o", "chart.pdf"], { env, cwd: home.cwd }));
    expect(readFileSync(join(home.cwd, "chart.pdf")).subarray(0, 5).toString()).toBe("%PDF-");
    ok(await runCli(["render", "lab.py", "--local", "-o", "CHART.PNG"], { env, cwd: home.cwd }));
    expect(isPng(readFileSync(join(home.cwd, "CHART.PNG")))).toBe(true);
    ok(await runCli(["render", "lab.py", "--local", "-o", "chart.out"], { env, cwd: home.cwd })); // no format's extension: the default
    expect(readFileSync(join(home.cwd, "chart.out"), "utf8")).toMatch(SVG);
    const clash = await runCli(["render", "lab.py", "--local", "-o", "other.pdf", "-f", "svg"], { env, cwd: home.cwd });
    expect(clash.code).toBe(2);
    expect(clash.stderr).toContain("-o other.pdf asks for pdf, but --format is svg");
    expect(existsSync(join(home.cwd, "other.pdf"))).toBe(false);
    const report = await runCli(["report", "lab.py", "--local", "-o", "report.svg"], { env, cwd: home.cwd });
    expect(report.code).toBe(2);
    expect(report.stderr).toContain("-o report.svg asks for svg; this command writes docx, pdf, typst");
    ok(await runCli(["report", "lab.py", "--local", "-o", "report.pdf"], { env, cwd: home.cwd }));
    expect(readFileSync(join(home.cwd, "report.pdf")).subarray(0, 5).toString()).toBe("%PDF-");
  });

  test("npm run render still renders a file locally", async () => {
    const home = cliHome();
    const out = join(home.cwd, "grade.svg");
    const child = Bun.spawn([process.execPath, "run", "render", "examples/grade.py", "-o", out], { cwd: repoRoot, env: cliEnv({ XDG_CONFIG_HOME: home.config }), stdout: "pipe", stderr: "pipe" });
    expect(await child.exited).toBe(0);
    expect(readFileSync(out, "utf8")).toMatch(SVG);
  });
});

describe("source files in the encodings students save them in (engine/source-bytes.ts)", () => {
  // Dev-C++ on a Ukrainian Windows: Windows-1251 with CRLF; a Linux lab in KOI8-U.
  const CP1251 = readFileSync(join(repoRoot, "test/corpus/c/20_cp1251_devcpp_average.c"));
  const KOI8U = readFileSync(join(repoRoot, "test/corpus/c/21_koi8u_linux_primes.c"));
  const PROMPT = "Введіть кількість елементів масиву";

  test("render --local, a file upload to the service and standard input all read a Windows-1251 file", async () => {
    const { run, env, home } = await withUser({ credits: 10 });
    writeFileSync(join(home.cwd, "lab2.c"), CP1251);
    const local = ok(await run(["render", "lab2.c", "--local", "-f", "json", "-o", "-"]));
    expect(local.stdout).toContain(PROMPT);
    const uploaded = JSON.parse(ok(await run(["render", "lab2.c", "-f", "json", "--json"])).stdout);
    expect(uploaded.content).toContain(PROMPT);
    const piped = ok(await runCli(["render", "-", "--lang", "c", "-f", "json", "-o", "-"], { env, cwd: home.cwd, stdin: CP1251 }));
    expect(piped.code).toBe(0);
    expect(piped.stdout).toContain(PROMPT);
  });

  test("batch reads Windows-1251 and KOI8-U files", async () => {
    const { run, home } = await withUser({ credits: 10 });
    writeFileSync(join(home.cwd, "lab2.c"), CP1251);
    writeFileSync(join(home.cwd, "prosti.c"), KOI8U);
    const zip = unzipSync(ok(await run(["batch", "lab2.c", "prosti.c", "-o", "-"])).stdoutBytes);
    const svgs = Object.values(zip).map((f) => new TextDecoder().decode(f)).join("");
    expect(svgs).toContain(PROMPT);
    // KOI8-U's prompt is merged into its input (issue 20); its other Cyrillic texts still show it was decoded.
    expect(svgs).toContain("Це не число");
    expect(svgs).toContain("Усього знайдено");
  });
});

test("docs/cli.md's exit-code table is the CLI's: every API code in the row of its exit status", async () => {
  const { EXIT_BY_CODE, EXIT_TABLE } = await import("../cli/exit-codes.ts");
  const readme = readFileSync(join(repoRoot, "docs/cli.md"), "utf8");
  const rows = new Map([...readme.matchAll(/^\| (\d) \| (.+) \|$/gm)].map((m) => [Number(m[1]), m[2]!]));
  expect([...rows.keys()]).toEqual(EXIT_TABLE.map(([code]) => code));
  for (const [code, exit] of Object.entries(EXIT_BY_CODE)) expect({ code, row: rows.get(exit)!.includes(`\`${code}\``) }).toEqual({ code, row: true });
});
