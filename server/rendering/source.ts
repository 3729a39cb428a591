/** Where a request's program comes from (inline code, an uploaded file, a link) and its language. */
import { EngineError, langFromFileName, type Lang } from "../../engine/index.ts";
import { outputName } from "../../engine/file-names.ts";
import { fetchSource, fileNameFromUrl, normaliseSourceUrl, type SourcePolicy } from "../sources/url-source.ts";

export interface SourceSpec {
  code?: string | Uint8Array;
  url?: string;
  lang?: Lang;
  /** Uploaded file's name, or a batch item's name: another place the extension can come from. */
  fileName?: string;
}

/** The file name a source is known by, if any: the upload's, or the last segment of the link. */
export function sourceFileName(spec: SourceSpec): string | undefined {
  if (spec.fileName) return spec.fileName;
  if (spec.url) return fileNameFromUrl(normaliseSourceUrl(spec.url)) || undefined;
  return undefined;
}

/**
 * The language: given, or from a file extension — the link's own file name first, then the
 * upload's or the batch item's name (a link without an extension can still be named `lab1.py`).
 * Decided before any fetch, so a request is gated (Pro, credits) without touching the network.
 */
export function resolveLang(spec: SourceSpec): Lang {
  if (spec.lang) return spec.lang;
  const names = [spec.url ? fileNameFromUrl(normaliseSourceUrl(spec.url)) : "", spec.fileName ?? ""].filter((n) => n !== "");
  for (const name of names) {
    try {
      return langFromFileName(name);
    } catch {
      // try the next name
    }
  }
  if (names.length > 0) return langFromFileName(names[0]!); // throws unknown_lang naming the file
  throw new EngineError("bad_request", "lang is required with code (it can only be inferred from a url's or a file's extension)");
}

export async function loadSource(spec: SourceSpec, policy: SourcePolicy): Promise<string | Uint8Array> {
  if (spec.code !== undefined) return spec.code;
  return (await fetchSource(spec.url!, policy)).bytes;
}

/** A download name: the engine's, with the source file's stem when the source has a name (engine/file-names.ts). */
export function outputFileName(spec: SourceSpec, fn: string | undefined, engineName: string): string {
  return outputName(sourceFileName(spec), fn, engineName);
}

