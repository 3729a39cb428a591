/**
 * The languages the engine reads and how a file name tells them: a module of its own (no
 * front-end, no renderer) so a page can guess a dropped file's language without loading the engine.
 */
import { EngineError } from "./errors.ts";

export const LANGS = ["python", "cpp", "c", "java", "csharp", "pascal", "javascript", "typescript", "go", "php", "native"] as const;
export type Lang = (typeof LANGS)[number];
/** The languages of source code (every language but the chart tree itself). */
export type SourceLang = Exclude<Lang, "native">;
export const SOURCE_LANGS: readonly SourceLang[] = LANGS.filter((l): l is SourceLang => l !== "native");

const EXTENSIONS: Readonly<Record<string, Lang>> = {
  py: "python",
  c: "c", h: "c",
  cpp: "cpp", cc: "cpp", cxx: "cpp", hpp: "cpp", hh: "cpp",
  java: "java",
  cs: "csharp",
  pas: "pascal", pp: "pascal", dpr: "pascal", lpr: "pascal",
  js: "javascript", mjs: "javascript", cjs: "javascript", jsx: "javascript",
  ts: "typescript", tsx: "typescript", mts: "typescript", cts: "typescript",
  go: "go",
  php: "php",
  json: "native",
};

/** File extensions the engine can tell a language from (without the dot, lower case). */
export const SOURCE_EXTENSIONS: readonly string[] = Object.keys(EXTENSIONS);

/** The language of a file (or URL path) from its extension; an unknown one is `unknown_lang`. */
export function langFromFileName(name: string): Lang {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name.split(/[?#]/)[0]!)?.[1]?.toLowerCase();
  const lang = ext ? EXTENSIONS[ext] : undefined;
  if (lang) return lang;
  throw new EngineError("unknown_lang", `cannot tell the language of "${name}" from its extension; pass lang (one of ${LANGS.join(", ")})`);
}

export function parseLang(lang: string): Lang {
  if ((LANGS as readonly string[]).includes(lang)) return lang as Lang;
  throw new EngineError("unknown_lang", `unknown language "${lang}"; use one of ${LANGS.join(", ")}`);
}
