/**
 * `skhema report` (issue 26): through a real server (the document written, the charts charged, a file
 * not drawn named on stderr) and with --local (no key, no network: the same document from the engine
 * in the process), its layout flags reaching the document.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { cliHome, repoRoot, runCli } from "./support/cli.ts";
import { startServer, type TestServer } from "./support/server.ts";

const SLOW = 60_000;
const fixture = (name: string) => join(repoRoot, "test/fixtures/report", name);
const documentXml = (path: string) => new TextDecoder().decode(unzipSync(new Uint8Array(readFileSync(path)))["word/document.xml"]);

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

describe("skhema report", () => {
  test("through the service: one DOCX of the files, charged per chart; a file not drawn is named on stderr", async () => {
    const { key } = await server.user({ credits: 20 });
    const home = cliHome();
    const broken = join(home.cwd, "broken.py");
    await Bun.write(broken, "def f(:\n  pass\n");
    const r = await runCli(["report", fixture("lab.py"), fixture("util.py"), broken, "-o", "lab.docx"], {
      cwd: home.cwd, env: { XDG_CONFIG_HOME: home.config, SKHEMA_API_URL: server.url, SKHEMA_API_KEY: key },
    });
    expect(r.stderr).toContain("not drawn: broken.py");
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/lab\.docx: 4 chart\(s\), 4 credits charged, 16 left/);
    const xml = documentXml(join(home.cwd, "lab.docx"));
    for (const text of ["Лістинг А.1 – Файл lab.py", "Лістинг А.3 – Файл broken.py", "Рисунок Б.4 – Схема алгоритму функції transpose(m)", "Файл broken.py: схему алгоритму не побудовано"]) expect(xml).toContain(text);
  }, SLOW);

  test("--local: no key, no network; --inline, --short-word and --em-dash reach the document", async () => {
    const home = cliHome();
    const r = await runCli(["report", fixture("calc.cpp"), "--local", "--inline", "--short-word", "--em-dash", "--first-section", "3", "-o", "calc.docx"], {
      cwd: home.cwd, env: { XDG_CONFIG_HOME: home.config, SKHEMA_API_URL: "http://127.0.0.1:9/v1" },
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("calc.docx: 3 chart(s), made locally");
    const xml = documentXml(join(home.cwd, "calc.docx"));
    for (const text of ["3 Файл calc.cpp", "Лістинг 3.1 — Файл calc.cpp", "Рис. 3.1 — Схема алгоритму функції sum(a, n)"]) expect(xml).toContain(text);
  }, SLOW);

  test("usage errors: no files, standard input, a bad letter", async () => {
    const home = cliHome();
    const env = { XDG_CONFIG_HOME: home.config };
    expect((await runCli(["report", "--local"], { cwd: home.cwd, env })).code).toBe(2);
    expect((await runCli(["report", "-", "--local"], { cwd: home.cwd, env })).code).toBe(2);
    const bad = await runCli(["report", fixture("calc.cpp"), "--local", "--first-appendix", "З"], { cwd: home.cwd, env });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("report.firstAppendix");
  }, SLOW);
});
