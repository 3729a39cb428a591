/**
 * Gallery: renders the example programs (examples/*.py, *.c, *.cpp, *.java, *.cs, *.pas, plus one
 * long generated program that splits) in every format into out/gallery/, with PNG previews next to
 * them and an index.html showing every example × format side by side.
 *
 *   bun scripts/gallery.ts            (npm run gallery)
 *
 * Previews: SVG through the PNG renderer (what the SVG draws, rasterised by resvg at scale 1),
 * PNG is its own preview, PDF pages via `pdftoppm -png -r 60`, DOCX via
 * `soffice --headless --convert-to pdf` then pdftoppm, Visio (.vsdx) the same way through LibreOffice
 * Draw, draw.io (.drawio) as @maxgraph/core draws each page in Chromium (test/support/drawio-model.ts:
 * maxGraph has no shapes of draw.io's own library, so data, predefined process and loop limits show
 * as rectangles there, at their exact boxes; draw.io draws them);
 * Typst needs the CeTZ stand-in to compile, so it has no preview (the .typ is kept); JSON and
 * Excalidraw are linked only.
 * Missing tools (poppler-utils, LibreOffice) only drop the previews that need them.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FORMATS, langFromFileName, render, type Format } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { program } from "../bench/program.ts";
import { CHROMIUM, launchBrowser } from "../test/support/browser.ts";
import { drawioScreenshots, preparePage } from "../test/support/drawio-model.ts";

const root = new URL("../", import.meta.url).pathname;
const out = join(root, "out/gallery");
const examplesDir = join(root, "examples");

interface Example {
  name: string;
  file: string;
  lang: string;
  code: string;
}

const EXT = /\.(py|c|cpp|java|cs|pas)$/;
const examples: Example[] = readdirSync(examplesDir)
  .filter((f) => EXT.test(f))
  .sort()
  .map((f) => ({ name: f.replace(/\./g, "_"), file: f, lang: langFromFileName(f), code: readFileSync(join(examplesDir, f), "utf8") }));
examples.push({ name: "long_split", file: "long program (bench program(6), split)", lang: "python", code: program(6) });

const EXT_OF: Record<Format, string> = { svg: "svg", json: "json", png: "png", pdf: "pdf", docx: "docx", typst: "typ", excalidraw: "excalidraw", drawio: "drawio", vsdx: "vsdx" };

function run(cmd: string[], cwd?: string): boolean {
  const p = Bun.spawnSync(cmd, { cwd, stdout: "pipe", stderr: "pipe" });
  if (p.exitCode !== 0) console.warn(`  ${cmd.join(" ")} failed: ${p.stderr.toString().trim().slice(0, 300)}`);
  return p.exitCode === 0;
}

/** PDF → page PNGs `<stem>-<n>.png`; returns the preview file names in page order. */
function pdfPreviews(pdf: string, stem: string): string[] {
  if (!Bun.which("pdftoppm")) return [];
  if (!run(["pdftoppm", "-png", "-r", "60", pdf, join(out, stem)])) return [];
  return readdirSync(out)
    .filter((f) => f.startsWith(`${stem}-`) && /-\d+\.png$/.test(f))
    .sort((a, b) => Number(/-(\d+)\.png$/.exec(a)![1]) - Number(/-(\d+)\.png$/.exec(b)![1]));
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

interface Cell {
  file?: string;
  previews: string[];
  error?: string;
  ms?: number;
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const soffice = Bun.which("soffice");
const rows: { ex: Example; cells: Record<Format, Cell> }[] = [];
const browser = Bun.file(CHROMIUM).size > 0 ? await launchBrowser() : undefined;
const drawioPage = browser ? await browser.newPage() : undefined;
if (drawioPage) await preparePage(drawioPage);

for (const ex of examples) {
  console.log(ex.file);
  const split = ex.name === "long_split" ? true : undefined;
  const cells = {} as Record<Format, Cell>;
  for (const format of FORMATS) {
    const cell: Cell = { previews: [] };
    cells[format] = cell;
    const stem = `${ex.name}.${format}`;
    const fileName = `${ex.name}.${EXT_OF[format]}`;
    try {
      const t0 = performance.now();
      const r = await render({ code: ex.code, lang: ex.lang, format, split }, bunAssets);
      cell.ms = performance.now() - t0;
      writeFileSync(join(out, fileName), r.file.data);
      cell.file = fileName;
      if (format === "png") cell.previews.push(fileName);
      if (format === "svg") {
        const p = await render({ code: ex.code, lang: ex.lang, format: "png", scale: 1, split }, bunAssets);
        writeFileSync(join(out, `${stem}.preview.png`), p.file.data);
        cell.previews.push(`${stem}.preview.png`);
      }
      if (format === "pdf") cell.previews.push(...pdfPreviews(join(out, fileName), `${stem}.preview`));
      if (format === "drawio" && drawioPage) {
        (await drawioScreenshots(drawioPage, r.file.data as string)).forEach((png, i) => {
          writeFileSync(join(out, `${stem}.preview-${i + 1}.png`), png);
          cell.previews.push(`${stem}.preview-${i + 1}.png`);
        });
      }
      if ((format === "docx" || format === "vsdx") && soffice) {
        const tmp = join(out, `.${format}-${ex.name}`);
        mkdirSync(tmp, { recursive: true });
        if (run([soffice, "--headless", `-env:UserInstallation=file://${join(out, ".lo-profile")}`, "--convert-to", "pdf", "--outdir", tmp, join(out, fileName)])) {
          cell.previews.push(...pdfPreviews(join(tmp, `${ex.name}.pdf`), `${stem}.preview`));
        }
        rmSync(tmp, { recursive: true, force: true });
      }
    } catch (e) {
      cell.error = e instanceof Error ? `${(e as { code?: string }).code ?? e.name}: ${e.message}` : String(e);
      console.warn(`  ${format}: ${cell.error}`);
    }
  }
  rows.push({ ex, cells });
}
rmSync(join(out, ".lo-profile"), { recursive: true, force: true });
await browser?.close();

const head = FORMATS.map((f) => `<th>${f}</th>`).join("");
const body = rows
  .map(({ ex, cells }) => {
    const tds = FORMATS.map((f) => {
      const c = cells[f];
      if (c.error) return `<td class="err">${escapeHtml(c.error)}</td>`;
      const link = c.file ? `<a href="${encodeURI(c.file)}">${escapeHtml(c.file)}</a> <small>${c.ms!.toFixed(0)} ms</small>` : "";
      const imgs = c.previews.map((p) => `<a href="${encodeURI(p)}"><img src="${encodeURI(p)}" loading="lazy" alt="${escapeHtml(p)}"></a>`).join("");
      const note = c.previews.length === 0 ? `<div class="note">${f === "typst" ? "no preview (needs CeTZ)" : "no preview"}</div>` : "";
      return `<td>${link}<div class="imgs">${imgs}</div>${note}</td>`;
    }).join("");
    return `<tr><th class="ex">${escapeHtml(ex.file)}</th>${tds}</tr>`;
  })
  .join("\n");

writeFileSync(
  join(out, "index.html"),
  `<!doctype html><html lang="uk"><meta charset="utf-8"><title>Skhema gallery</title>
<style>body{font:13px sans-serif;margin:1em}table{border-collapse:collapse}td,th{border:1px solid #ccc;vertical-align:top;padding:4px}
th.ex{text-align:left;white-space:nowrap}.imgs{display:flex;flex-wrap:wrap;gap:4px;max-width:420px}img{max-width:200px;max-height:300px;border:1px solid #eee}
.err{color:#b00;max-width:250px}.note{color:#888}</style>
<h1>Skhema gallery</h1><p>Generated ${new Date().toISOString()} by <code>bun scripts/gallery.ts</code>.</p>
<table><tr><th>example</th>${head}</tr>
${body}
</table></html>
`,
);
console.log(`wrote ${join(out, "index.html")} (${rows.length} examples × ${FORMATS.length} formats)`);

