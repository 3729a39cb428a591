/**
 * Where the CLI's sources come from (files, standard input) and where its files go (-o). Files are
 * read and written with Bun's own calls: node:fs cost every start ≈ 1 ms of CPU to load (issue 14);
 * it is imported only to create a folder.
 */
import { EngineError } from "../engine/errors.ts";
import { formatOfPath } from "../engine/file-names.ts";
import type { Format } from "../engine/index.ts";
import { decodeSourceBytes } from "../engine/source-bytes.ts";
import type { Context } from "./context.ts";
import { CliError, EXIT, usageError } from "./exit-codes.ts";

/** The bytes of a source file, or of standard input for `-`. */
export async function readSource(path: string): Promise<Uint8Array> {
  if (path === "-") return new Uint8Array(await Bun.stdin.arrayBuffer());
  try {
    return await Bun.file(path).bytes();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw usageError(code === "ENOENT" ? `file not found: ${path}` : `cannot read ${path}: ${fileProblem(e)}`);
  }
}

/** The system's error codes a user meets with files, in words (not ENOENT, EACCES). */
const FILE_PROBLEMS: Record<string, string> = {
  ENOENT: "no such file or folder",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EISDIR: "it is a folder",
  ENOTDIR: "a part of the path is not a folder",
  ENOSPC: "the disk is full",
  EROFS: "the file system is read-only",
};

function fileProblem(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return (code && FILE_PROBLEMS[code]) ?? (e instanceof Error ? e.message : String(e));
}

/**
 * A source as text for a JSON body (a multipart upload carries the raw bytes instead), decoded as
 * the engine and the service decode a file: UTF-8, UTF-16 with a BOM, Windows-1251, CP866 or KOI8-U.
 */
export async function readText(path: string): Promise<string> {
  const bytes = await readSource(path);
  try {
    return decodeSourceBytes(bytes).text;
  } catch (e) {
    if (e instanceof EngineError) throw usageError(`${path === "-" ? "standard input" : path}: ${e.message}`);
    throw e;
  }
}

/**
 * Writes an answer as `-o` says: `-` → stdout; an existing folder or a path ending in `/` → the
 * answer's own name inside it (the folder is created); any other path → that file; no `-o` → the
 * answer's name in the current folder. Returns where it went.
 */
/**
 * The format to write: `--format` when given, else the one `-o`'s extension names (`-o chart.pdf` is
 * a PDF), else `fallback`. An `-o` whose extension names another format than `--format`, or one this
 * command does not write, is a usage error: the file would hold one format under another's name.
 */
export function outputFormat<F extends Format>(given: string | undefined, output: string | undefined, allowed: readonly F[], fallback: F): F {
  const named = output === undefined || output === "-" ? undefined : formatOfPath(output);
  if (named !== undefined && !(allowed as readonly Format[]).includes(named)) {
    throw usageError(`-o ${output} asks for ${named}; this command writes ${allowed.join(", ")}`);
  }
  if (given === undefined) return (named as F | undefined) ?? fallback;
  if (named !== undefined && named !== given) throw usageError(`-o ${output} asks for ${named}, but --format is ${given}: make them agree, or leave --format out`);
  return given as F;
}

export async function writeOutput(ctx: Context, data: string | Uint8Array, name: string, output: string | undefined): Promise<string> {
  if (output === "-") {
    await ctx.out(data);
    return "stdout";
  }
  let path = output ?? name;
  if (output?.endsWith("/")) path = await inFolder(output, name);
  try {
    await write(path, data);
  } catch (e) {
    // No stat first (node:fs): an existing folder shows as EISDIR, and the answer goes inside it.
    if ((e as NodeJS.ErrnoException).code !== "EISDIR" || path !== output) throw writeFailed(path, e);
    path = await inFolder(output, name);
    await write(path, data).catch((e: unknown) => {
      throw writeFailed(path, e);
    });
  }
  return path;
}

/** `name` inside the folder `dir`, which is created if missing. */
async function inFolder(dir: string, name: string): Promise<string> {
  const [{ mkdirSync }, { join }] = await Promise.all([import("node:fs"), import("node:path")]);
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}

/** Into an existing folder only (Bun.write would create missing ones). */
const write = (path: string, data: string | Uint8Array) => Bun.write(path, data, { createPath: false });

const writeFailed = (path: string, e: unknown) => new CliError("write_failed", EXIT.error, `cannot write ${path}: ${fileProblem(e)}`);

export const basename = (path: string) => path.split(/[\\/]/).pop() || path;
