/**
 * Hostile input for every format: a huge chart (300+ blocks of generated Python, split and unsplit)
 * and text with emoji and rare Unicode (combining marks, RTL, CJK, control characters) must give a
 * valid file — PNG: signature and IHDR size, PDF: page count from pdfinfo, DOCX: the zip opens and
 * document.xml is well-formed, SVG: well-formed XML, JSON/Excalidraw: parse, Typst: text without
 * stray control characters — or a clear EngineError code, never another exception. Plus the request
 * errors: unknown format → unknown_format, scale 0 / 11 → bad_request.
 * Needs poppler-utils (pdfinfo).
 */
import { describe, expect, test } from "bun:test";
import { strFromU8, unzipSync } from "fflate";
import { FORMATS, render, type RenderResult } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { EngineError } from "../engine/errors.ts";
import { program } from "../bench/program.ts";
import { decodePng, isPng, pngSize } from "./support/png-decode.ts";
import { parseXmlStrict } from "./support/xml-check.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const PX_PER_MM = 96 / 25.4;

/** 34 units of ~9 blocks: over 300 blocks in one function (more with the split connectors). */
const HUGE = program(34);

const UNICODE = `def привіт(імʼя):
    print("Привіт, 👋🏽 " + імʼя + " 👨‍👩‍👧‍👦 🇺🇦")
    s = "e\u0301 a\u0308\u0323 Z\u0335\u0336\u0337 ̈"
    if s == "שלום עולם" or s == "مرحبا بالعالم":
        print("\u202Eobrn\u202C \u200F RTL \u200E")
    t = "漢字かなカナ한국어 𠀀𪚥"
    while len(t) < 3:
        t = t + "\u0007\u001b[0m\u0085\u2028\u2029\uFEFF\uFFFD"
    return "\u{10FFFF}\u{E0041}𝕏"

x = привіт("Світ ☃")
print(x)
`;

/** Checks that a rendered file is a well-formed file of its format; returns a short description. */
function checkFile(format: string, r: RenderResult): string {
  const data = r.file.data;
  switch (format) {
    case "svg": {
      const root = parseXmlStrict(data as string);
      expect(root.name).toBe("svg");
      return `svg ${(data as string).length} chars`;
    }
    case "json": {
      const g = JSON.parse(data as string);
      expect(Array.isArray(g.charts)).toBe(true);
      return "json";
    }
    case "excalidraw": {
      const doc = JSON.parse(data as string);
      expect(doc.type).toBe("excalidraw");
      expect(Array.isArray(doc.elements)).toBe(true);
      expect(doc.elements.length).toBeGreaterThan(0);
      return `excalidraw ${doc.elements.length} elements`;
    }
    case "typst": {
      const t = data as string;
      expect(t.length).toBeGreaterThan(0);
      // No raw C0 controls other than newline and tab may reach the Typst source.
      expect(/[\u0000-\u0008\u000B-\u001F\u007F]/.test(t)).toBe(false);
      return `typst ${t.length} chars`;
    }
    case "png": {
      const bytes = data as Uint8Array;
      expect(isPng(bytes)).toBe(true);
      const { width, height } = pngSize(bytes);
      expect(width).toBeGreaterThan(0);
      expect(height).toBeGreaterThan(0);
      return `png ${width}×${height}`;
    }
    case "pdf": {
      const p = Bun.spawnSync(["pdfinfo", "-"], { stdin: data as Uint8Array, stdout: "pipe", stderr: "pipe" });
      expect(p.exitCode).toBe(0);
      const pages = Number(/Pages:\s+(\d+)/.exec(p.stdout.toString())?.[1]);
      expect(pages).toBeGreaterThan(0);
      return `pdf ${pages} pages`;
    }
    case "docx": {
      const files = unzipSync(data as Uint8Array);
      expect(files["[Content_Types].xml"]).toBeDefined();
      parseXmlStrict(strFromU8(files["word/document.xml"]!));
      return "docx";
    }
    case "drawio": {
      const root = parseXmlStrict(data as string);
      expect(root.name).toBe("mxfile");
      const diagrams = root.children.filter((c) => c.name === "diagram").length;
      expect(diagrams).toBeGreaterThan(0);
      return `drawio ${diagrams} pages`;
    }
    case "vsdx": {
      const files = unzipSync(data as Uint8Array);
      expect(files["[Content_Types].xml"]).toBeDefined();
      const pages = Object.keys(files).filter((n) => /^visio\/pages\/page\d+\.xml$/.test(n));
      for (const n of pages) parseXmlStrict(strFromU8(files[n]!));
      expect(pages.length).toBeGreaterThan(0);
      return `vsdx ${pages.length} pages`;
    }
  }
  throw new Error(`no check for ${format}`);
}

/** Renders and checks; an EngineError with a known code is an acceptable answer, anything else fails. */
async function renderOrCode(input: Parameters<typeof render>[0]): Promise<{ result?: RenderResult; code?: string }> {
  try {
    const result = await render(input, bunAssets);
    return { result };
  } catch (e) {
    if (e instanceof EngineError && ["bad_request", "render_failed"].includes(e.code) && e.message.length > 0) return { code: e.code };
    throw e;
  }
}

describe("huge chart (300+ blocks) in every format", () => {
  for (const format of FORMATS) {
    for (const split of [false, true]) {
      test(`${format}, split: ${split}`, async () => {
        const { result, code } = await renderOrCode({ code: HUGE, lang: "python", format, split, scale: format === "png" ? 1 : undefined });
        if (code) {
          console.log(`huge ${format} split=${split}: ${code}`);
          return; // a clear EngineError (e.g. a bitmap beyond the pixel limit) is allowed
        }
        const r = result!;
        const blocks = r.geometry.charts.reduce((n, c) => n + c.parts.reduce((m, p) => m + p.shapes.length, 0), 0);
        expect(blocks).toBeGreaterThanOrEqual(300);
        checkFile(format, r);
        if (format === "png") {
          const g = r.geometry;
          const { height } = pngSize(r.file.data as Uint8Array);
          // The bitmap is as tall as the canvas at scale 1 (within rounding).
          expect(Math.abs(height - g.height * PX_PER_MM)).toBeLessThan(2);
        }
        if (format === "pdf" && split) {
          const pages = Number(/Pages:\s+(\d+)/.exec(Bun.spawnSync(["pdfinfo", "-"], { stdin: r.file.data as Uint8Array }).stdout.toString())![1]);
          expect(pages).toBe(r.geometry.charts[0]!.parts.length);
        }
      }, 120_000);
    }
  }
});

describe("emoji and rare Unicode in every format", () => {
  for (const format of FORMATS) {
    test(format, async () => {
      const r = await render({ code: UNICODE, lang: "python", format, scale: format === "png" ? 2 : undefined }, bunAssets);
      expect(r.errors).toEqual([]);
      checkFile(format, r);
      if (format === "png") decodePng(r.file.data as Uint8Array); // the pixels decode too
    });
  }

  test("the same text as a native chart tree", async () => {
    const tree = [
      {
        name: "main 😀",
        block: {
          stmts: [
            { kind: "process", text: "😀 e\u0301 שלום 漢字 \u0007\u001b x" },
            { kind: "io", text: "\u202Eabc\u202C 𠀀 🇺🇦" },
            {
              kind: "switch",
              cond: "مرحبا",
              cases: [{ label: "👍", body: { stmts: [{ kind: "call", text: "f(\u200F)" }] } }],
              default: { stmts: [{ kind: "process", text: "x\uFEFF\u2028y" }] },
            },
          ],
        },
      },
    ];
    for (const format of FORMATS) {
      const r = await render({ code: JSON.stringify(tree), lang: "native", format }, bunAssets);
      checkFile(format, r);
    }
  });

  test("NUL in the source → bad_request", async () => {
    const e = await render({ code: "x = 1\u0000\n", lang: "python", format: "svg" }, bunAssets).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).code).toBe("bad_request");
  });
});

describe("request errors", () => {
  const code = 'print("x")\n';
  test("unknown format → unknown_format", async () => {
    for (const format of ["gif", "SVG", "", "pdf "]) {
      const e = await render({ code, lang: "python", format }, bunAssets).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(EngineError);
      expect((e as EngineError).code).toBe("unknown_format");
    }
  });

  for (const scale of [0, 11, 2.5, -1, Number.NaN]) {
    test(`scale ${scale} → bad_request (every format)`, async () => {
      for (const format of FORMATS) {
        const e = await render({ code, lang: "python", format, scale }, bunAssets).catch((x: unknown) => x);
        expect(e).toBeInstanceOf(EngineError);
        expect((e as EngineError).code).toBe("bad_request");
      }
    });
  }
});
