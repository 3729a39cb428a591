/**
 * The engine entry point (engine/index.ts): request validation, typed errors with the interface's
 * codes, per-function errors, `fn`, native trees, Pro features, and bad input of every kind — always a
 * clear error or a correct chart, never a crash or a hang.
 */
import { describe, expect, test } from "bun:test";
import { EngineError, langFromFileName, render, requestProFeatures, type RenderInput } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import Ajv2020 from "ajv/dist/2020";
import { checkGeometry } from "./support/geometry-checker.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

async function fails(input: RenderInput): Promise<EngineError> {
  try {
    await render(input, bunAssets);
  } catch (error) {
    expect(error).toBeInstanceOf(EngineError);
    return error as EngineError;
  }
  throw new Error("render did not fail");
}

async function ok(input: RenderInput) {
  const result = await render(input, bunAssets);
  expect(checkGeometry(result.geometry)).toEqual([]);
  return result;
}

describe("request", () => {
  test("unknown language and format carry their codes and list the allowed values", async () => {
    const lang = await fails({ code: "x = 1", lang: "cobol" });
    expect(lang.code).toBe("unknown_lang");
    expect(lang.message).toContain("python");
    const format = await fails({ code: "x = 1", lang: "python", format: "bmp" });
    expect(format.code).toBe("unknown_format");
    expect(format.message).toContain("svg");
  });

  test("language from the file extension; an unknown extension is unknown_lang", () => {
    const cases: [string, string][] = [
      ["lab.py", "python"], ["a.c", "c"], ["a.h", "c"], ["a.cpp", "cpp"], ["a.cc", "cpp"], ["a.cxx", "cpp"],
      ["a.hpp", "cpp"], ["a.hh", "cpp"], ["Main.java", "java"], ["Program.cs", "csharp"], ["lab.pas", "pascal"],
      ["lab.pp", "pascal"], ["p.dpr", "pascal"], ["p.lpr", "pascal"], ["tree.json", "native"],
      ["app.js", "javascript"], ["m.mjs", "javascript"], ["c.cjs", "javascript"], ["App.jsx", "javascript"],
      ["lab.ts", "typescript"], ["App.tsx", "typescript"], ["m.mts", "typescript"], ["main.go", "go"], ["index.php", "php"],
      ["https://raw.githubusercontent.com/u/r/main/LAB1.PY?token=x", "python"],
    ];
    for (const [name, lang] of cases) expect(langFromFileName(name)).toBe(lang as never);
    for (const name of ["notes.txt", "Makefile", "a.rb", "lab.kt"]) {
      expect(() => langFromFileName(name)).toThrow(EngineError);
      try {
        langFromFileName(name);
      } catch (error) {
        expect((error as EngineError).code).toBe("unknown_lang");
      }
    }
  });

  test("invalid options are a bad request naming the field", async () => {
    const e = await fails({ code: "x = 1", lang: "python", options: { locale: "de" } });
    expect(e.code).toBe("bad_request");
    expect(e.message).toContain("options.locale");
    const extra = await fails({ code: "x = 1", lang: "python", options: { colour: "red" } });
    expect(extra.code).toBe("bad_request");
  });

  test("svg by default, json on request; content types and file names", async () => {
    const svg = await ok({ code: "x = 1", lang: "python" });
    expect(svg.file.contentType).toBe("image/svg+xml");
    expect(svg.file.name).toBe("flowchart.svg");
    expect(String(svg.file.data).startsWith("<?xml")).toBe(true);
    const json = await ok({ code: "def f():\n    return 1\n", lang: "python", format: "json", fn: "f" });
    expect(json.file.contentType).toBe("application/json");
    expect(json.file.name).toBe("f.json");
    expect(JSON.parse(String(json.file.data)).unit).toBe("mm");
  });

  test("format=json output of real programs validates against schemas/geometry.schema.json", async () => {
    const schema = await Bun.file("schemas/geometry.schema.json").json();
    const validate = new Ajv2020({ strict: true }).compile(schema);
    for (const file of ["examples/grade.py", "examples/menu.py", "examples/sorting.py", "examples/matrix.py"]) {
      const code = await Bun.file(file).text();
      for (const split of [false, true]) {
        const r = await ok({ code, lang: "python", format: "json", split, options: { singleEnd: split } });
        const ok2 = validate(JSON.parse(String(r.file.data)));
        expect(validate.errors ?? []).toEqual([]);
        expect(ok2).toBe(true);
      }
    }
  });

  test("typst (document and fragment) and excalidraw come back as text with their types", async () => {
    const code = await Bun.file("examples/grade.py").text();
    const doc = await ok({ code, lang: "python", format: "typst" });
    expect(doc.file.contentType).toBe("text/x-typst; charset=utf-8");
    expect(doc.file.name).toBe("flowchart.typ");
    expect(String(doc.file.data)).toContain('#import "@preview/cetz:0.5.2"');
    const fragment = await ok({ code, lang: "python", format: "typst", fragment: true });
    expect(String(fragment.file.data)).not.toContain("#import");
    expect(String(fragment.file.data)).toContain("cetz.canvas");
    const ex = await ok({ code, lang: "python", format: "excalidraw" });
    expect(ex.file.name).toBe("flowchart.excalidraw");
    expect(JSON.parse(String(ex.file.data)).type).toBe("excalidraw");
  });

  test("docx comes back as bytes of a zip with its type; split by default", async () => {
    const code = "def f():\n" + Array.from({ length: 40 }, (_, i) => `    print(${i})`).join("\n") + "\n";
    const r = await ok({ code, lang: "python", format: "docx" });
    expect(r.file.contentType).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(r.file.name).toBe("flowchart.docx");
    const bytes = r.file.data as Uint8Array;
    expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]); // "PK"
    expect(r.geometry.charts[0]!.parts.length).toBeGreaterThan(1); // split is the default for docx
  });

  test("png and pdf come back as bytes with their types", async () => {
    const code = await Bun.file("examples/grade.py").text();
    const png = await ok({ code, lang: "python", format: "png", scale: 1 });
    expect(png.file.contentType).toBe("image/png");
    expect([...(png.file.data as Uint8Array).slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]); // "PNG"
    const pdf = await ok({ code, lang: "python", format: "pdf" });
    expect(pdf.file.contentType).toBe("application/pdf");
    expect(new TextDecoder().decode((pdf.file.data as Uint8Array).slice(0, 5))).toBe("%PDF-");
  });

  test("signs the font lacks (∈ in Tinos) are set alone in DejaVu Sans, the rest of the line stays in Tinos", async () => {
    const r = await ok({ code: "for x in xs:\n    print(x)\n", lang: "python", format: "svg" });
    const svg = String(r.file.data);
    expect(svg).toMatch(/<tspan[^>]*font-family="'DejaVu Sans'[^"]*"[^>]*>∈<\/tspan>/);
    expect(svg).toMatch(/<tspan[^>]*text-anchor="start">x <\/tspan>/);
  });

  test("scale outside 1..10 or not whole is a bad request", async () => {
    for (const scale of [0, 11, 2.5, -1]) {
      const e = await fails({ code: "x = 1", lang: "python", format: "svg", scale });
      expect(e.code).toBe("bad_request");
      expect(e.message).toContain("scale");
    }
  });

  test("charts counts what is charged", async () => {
    const r = await ok({ code: "def a():\n    pass\n    x = 1\n\ndef b():\n    y = 2\n\nprint(1)\n", lang: "python" });
    expect(r.charts).toBe(3);
    expect(r.geometry.charts.map((c) => c.name)).toEqual(["main", "a", "b"]);
  });

  test("Pro features: native and custom texts are reported, free options are not", () => {
    expect(requestProFeatures({ lang: "python", options: { locale: "en", singleEnd: true } })).toEqual([]);
    expect(requestProFeatures({ lang: "native", options: { yes: "+", capFormat: "{num}" } })).toEqual(["native", "yes", "capFormat"]);
  });
});

describe("fn", () => {
  const code = "class Shape:\n    def area(self):\n        return 0\n\ndef outer():\n    def inner():\n        return 1\n    return inner()\n\nprint(1)\n";

  test("renders only the named function; Class.method and nested names work", async () => {
    expect((await ok({ code, lang: "python", fn: "Shape.area" })).geometry.charts.map((c) => c.name)).toEqual(["Shape.area"]);
    expect((await ok({ code, lang: "python", fn: "outer.inner" })).charts).toBe(1);
  });

  test("an unknown name lists the names that exist", async () => {
    const e = await fails({ code, lang: "python", fn: "nope" });
    expect(e.code).toBe("render_failed");
    expect(e.message).toContain("main, Shape.area, outer, outer.inner");
  });

  test("asking for a function with a syntax error gives its line and column", async () => {
    const e = await fails({ code: "def f(a:\n    if a > 1:\n        return 1\n", lang: "python", fn: "f" });
    expect(e.code).toBe("render_failed");
    expect(e.message).toMatch(/line 1, column \d+/);
  });

  test("asking for a function drawn around a statement it cannot read draws it, with its warning (issue 20)", async () => {
    const r = await ok({ code: "def f(a):\n    if a > :\n        return 1\n", lang: "python", fn: "f" });
    expect(r.charts).toBe(1);
    expect(r.errors).toEqual([expect.objectContaining({ name: "f", line: 2, recovered: true })]);
  });
});

describe("syntax errors", () => {
  test("a function with a statement it cannot read is drawn around it; the result says which (issue 20)", async () => {
    const code = await Bun.file("test/fixtures/python/syntax_error.py").text();
    const r = await ok({ code, lang: "python" });
    expect(r.geometry.charts.map((c) => c.name)).toEqual(["good1", "bad", "good2"]);
    expect(r.errors.map((e) => [e.name, e.recovered])).toEqual([["bad", true]]);
    expect(r.errors[0]!.line).toBe(6);
  });

  test("a function whose head is broken is left out, the others still render", async () => {
    const r = await ok({ code: "def good(x):\n    return x\n\ndef bad(a:\n    return 1\n", lang: "python" });
    expect(r.geometry.charts.map((c) => c.name)).toEqual(["good"]);
    expect(r.errors.map((e) => [e.name, e.recovered])).toEqual([["bad", undefined]]);
  });

  test("nothing drawable → render_failed with the reasons", async () => {
    const e = await fails({ code: "def f(:\n", lang: "python" });
    expect(e.code).toBe("render_failed");
    expect(e.message).toContain("line 1");
  });
});

describe("native trees", () => {
  test("a valid tree renders", async () => {
    const tree = [{ name: "main", main: true, block: { stmts: [{ kind: "while", cond: "i < n", body: { stmts: [{ kind: "process", text: "i := i + 1" }] } }] } }];
    const r = await ok({ code: JSON.stringify(tree), lang: "native" });
    expect(r.charts).toBe(1);
  });

  test("all validation errors come back in one bad_request with their paths", async () => {
    const tree = [{ name: "f", block: { stmts: [{ kind: "break" }, { kind: "if", then: { stmts: [] } }, { kind: "shape" }] } }];
    const e = await fails({ code: JSON.stringify(tree), lang: "native" });
    expect(e.code).toBe("bad_request");
    expect(e.message).toContain("[0].block.stmts[0]: break outside a loop");
    expect(e.message).toContain("[0].block.stmts[1]");
    expect(e.message).toContain("[0].block.stmts[2]");
  });

  test("malformed JSON", async () => {
    expect((await fails({ code: "[{", lang: "native" })).code).toBe("bad_request");
  });
});

describe("bad input never crashes or hangs", () => {
  test("empty and blank sources", async () => {
    expect((await fails({ code: "", lang: "python" })).code).toBe("bad_request");
    expect((await fails({ code: " \n\t\n", lang: "python" })).code).toBe("bad_request");
    expect((await fails({ code: "# only a comment\n", lang: "python" })).code).toBe("render_failed");
  });

  test("binary garbage", async () => {
    let seed = 7;
    const bytes = new Uint8Array(4096).map(() => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff);
    const e = await fails({ code: bytes, lang: "python" });
    expect(e.code).toBe("bad_request"); // not UTF-8 / NUL bytes
    const text = new TextDecoder().decode(bytes).replaceAll("\u0000", "");
    const r = await render({ code: text, lang: "python" }, bunAssets).catch((error: unknown) => error);
    if (r instanceof EngineError) expect(r.code).toBe("render_failed");
    else expect(r).toHaveProperty("charts");
  });

  test("bytes that are not UTF-8 are read in the Cyrillic code page they were saved in (engine/source-bytes.ts)", async () => {
    // print("Введіть n") in Windows-1251, as Dev-C++ or PascalABC on a Ukrainian Windows saves it.
    const cp1251 = [0xc2, 0xe2, 0xe5, 0xe4, 0xb3, 0xf2, 0xfc];
    const r = await render({ code: new Uint8Array([...new TextEncoder().encode('print("'), ...cp1251, ...new TextEncoder().encode(' n")\n')]), lang: "python", format: "json" }, bunAssets);
    expect(String(r.file.data)).toContain("Введіть n");
  });

  test("bytes in no supported encoding are refused with a clear message", async () => {
    const e = await fails({ code: new Uint8Array([0x78, 0x20, 0x3d, 0x20, 0xb5, 0xb6, 0xbc, 0x31]), lang: "python" });
    expect(e.code).toBe("bad_request");
    expect(e.message).toBe("the file is not valid in any supported encoding (UTF-8, UTF-16 with a BOM, Windows-1251, CP866, KOI8-U)");
  });

  test("a 2 MB source is refused before parsing", async () => {
    const e = await fails({ code: "x = 1\n".repeat(350_000), lang: "python" });
    expect(e.code).toBe("bad_request");
    expect(e.message).toContain("1 MiB");
  });

  test("500-deep nesting is a clear error", async () => {
    let code = "";
    for (let i = 0; i < 500; i++) code += `${" ".repeat(i)}if x${i}:\n`;
    code += `${" ".repeat(500)}pass\n`;
    const e = await fails({ code, lang: "python" });
    expect(e.code).toBe("render_failed");
    expect(e.message).toContain("100");
  });

  test("a 10 000-line function is a clear error", async () => {
    const code = "def big():\n" + "    x = 1\n".repeat(10_000);
    const e = await fails({ code, lang: "python" });
    expect(e.code).toBe("render_failed");
    expect(e.message).toContain("2000");
  });

  test("CRLF, tabs and Cyrillic identifiers and strings draw correctly", async () => {
    const code = "def середнє(числа):\r\n\tсума = 0\r\n\tfor ч in числа:\r\n\t\tсума += ч\r\n\tprint(\"Середнє:\", сума / len(числа))\r\n";
    const r = await ok({ code, lang: "python", format: "json" });
    const texts = r.geometry.charts[0]!.parts[0]!.shapes.flatMap((s) => s.text).join(" ");
    expect(texts).toContain("сума := 0");
    expect(texts).toContain("ч ∈ числа");
    expect(texts).toContain("\"Середнє:\"");
  });

  test("emoji and rare Unicode in strings stay inside their symbols", async () => {
    await ok({ code: "print('Привіт 👋🏽 світ — ∑∫ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 漢字')\n", lang: "python" });
  });
});
