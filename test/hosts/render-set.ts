/**
 * The fixed set every host renders in the cross-host test (test/hosts.test.ts): a Python, a C and a
 * Pascal example × every format. Host-neutral (Web APIs only): the Bun test, the Deno and Node
 * scripts, the Chromium page and Web Worker and the workerd worker all run this same function. The
 * harnesses are bundled with the engine import pointed at the built files each host uses
 * (test/support/host-bundle.ts), so it is those builds that render.
 */
import type { AssetLoader } from "../../engine/assets.ts";
import { FORMATS, render } from "../../engine/index.ts";

/** Example files (examples/) and their languages. */
export const SET_SOURCES = [
  { file: "grade.py", lang: "python" },
  { file: "primes.c", lang: "c" },
  { file: "triangle.pas", lang: "pascal" },
] as const;

export interface HostFile {
  /** `<example file>.<format>`, e.g. `grade.py.svg`. */
  key: string;
  contentType: string;
  /** The file's bytes, base64 (so every host answers with the same plain JSON). */
  base64: string;
}

function base64(data: string | Uint8Array): string {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Renders every example (its text in `sources`, keyed by file name) in every format. */
export async function renderSet(sources: Readonly<Record<string, string>>, assets: AssetLoader): Promise<HostFile[]> {
  const out: HostFile[] = [];
  for (const { file, lang } of SET_SOURCES) {
    const code = sources[file];
    if (code === undefined) throw new Error(`no source for ${file}`);
    for (const format of FORMATS) {
      const { file: rendered } = await render({ code, lang, format }, assets);
      out.push({ key: `${file}.${format}`, contentType: rendered.contentType, base64: base64(rendered.data) });
    }
  }
  return out;
}
