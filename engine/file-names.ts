/**
 * Names of the files a render is saved as, shared by every host that saves one (the server's
 * Content-Disposition and zip entries, the CLI's local render). Portable: string work only.
 */
import type { Format } from "./index.ts";

/** Each format's file extension, without the dot: what a saved render is called, and which format a file name asks for. */
export const FORMAT_EXTENSIONS = {
  svg: "svg", json: "json", typst: "typ", excalidraw: "excalidraw", docx: "docx", drawio: "drawio", vsdx: "vsdx", png: "png", pdf: "pdf",
} as const satisfies Record<Format, string>;

/** The format whose extension ends `path` (`chart.PDF` → pdf), if any. */
export function formatOfPath(path: string): Format | undefined {
  const ext = /\.([^./\\]+)$/.exec(path)?.[1]?.toLowerCase();
  return (Object.keys(FORMAT_EXTENSIONS) as Format[]).find((f) => FORMAT_EXTENSIONS[f] === ext);
}

/** Letters, digits and a few marks: safe in a zip, a file system and a Content-Disposition header. */
export function safeName(name: string): string {
  // A plain ASCII name (most) skips the Unicode-class replace, whose first use costs a fresh
  // process ≈ 20–90 µs to compile (issue 14); on ASCII both allow the same characters.
  const kept = /^[A-Za-z0-9_.() -]*$/.test(name) ? name : name.replace(/[^\p{L}\p{N}_.() -]+/gu, "_");
  return kept.replace(/^[.\s]+/, "").slice(0, 120) || "file";
}

/**
 * A download name: the engine's (`flowchart.svg`, or the function's name with `fn`), with the
 * source file's stem instead of `flowchart` when the source has a name (`lab1.py` → `lab1.svg`).
 */
export function outputName(sourceName: string | undefined, fn: string | undefined, engineName: string): string {
  const stem = fn ? undefined : sourceName?.replace(/\.[^.]*$/, "");
  return stem ? `${safeName(stem)}${engineName.slice(engineName.lastIndexOf("."))}` : engineName;
}
