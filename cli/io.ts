/** Where the CLI's sources come from (files, standard input) and where its files go (-o). */
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Context } from "./context.ts";
import { CliError, EXIT, usageError } from "./exit-codes.ts";

/** The bytes of a source file, or of standard input for `-`. */
export async function readSource(path: string): Promise<Uint8Array> {
  if (path === "-") return new Uint8Array(await Bun.stdin.arrayBuffer());
  try {
    return readFileSync(path);
  } catch (e) {
    throw usageError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}

/** A source as text for a JSON body (a multipart upload carries the raw bytes instead). */
export async function readText(path: string): Promise<string> {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(await readSource(path));
  } catch (e) {
    if (e instanceof TypeError) throw usageError(`${path === "-" ? "standard input" : path} is not UTF-8 text`);
    throw e;
  }
}

const isDirectory = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/**
 * Writes an answer as `-o` says: `-` → stdout; an existing folder or a path ending in `/` → the
 * answer's own name inside it (the folder is created); any other path → that file; no `-o` → the
 * answer's name in the current folder. Returns where it went.
 */
export async function writeOutput(ctx: Context, data: string | Uint8Array, name: string, output: string | undefined): Promise<string> {
  if (output === "-") {
    await ctx.out(data);
    return "stdout";
  }
  let path = output ?? name;
  if (output !== undefined && (output.endsWith("/") || isDirectory(output))) {
    mkdirSync(output, { recursive: true });
    path = join(output, name);
  }
  try {
    writeFileSync(path, data);
  } catch (e) {
    throw new CliError("write_failed", EXIT.error, `cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  return path;
}

export const basename = (path: string) => path.split(/[\\/]/).pop() || path;
