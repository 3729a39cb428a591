/**
 * Runs the `skhema` CLI as its own process (as a user would), with a private config folder, and
 * collects its exit code, stdout and stderr. Asynchronous on purpose: the test's in-process server
 * must keep answering while the CLI waits for it.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const repoRoot = new URL("../../", import.meta.url).pathname;

export interface CliRun {
  code: number;
  stdout: string;
  stdoutBytes: Uint8Array;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  stdin?: string | Uint8Array;
  cwd?: string;
  /** The program to run instead of `bun cli/main.ts` (the compiled binary). */
  command?: string[];
}

/** A fresh XDG_CONFIG_HOME (nothing configured) and a fresh working folder. */
export function cliHome(): { config: string; cwd: string } {
  const dir = mkdtempSync(join(tmpdir(), "skhema-cli-"));
  return { config: join(dir, "config"), cwd: dir };
}

/** The environment of a run: nothing of the test's own SKHEMA_* settings leaks in. */
export function cliEnv(extra: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("SKHEMA_")) env[k] = v;
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

export async function runCli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  const command = options.command ?? [process.execPath, join(repoRoot, "cli/main.ts")];
  const child = Bun.spawn([...command, ...args], {
    cwd: options.cwd ?? repoRoot,
    env: cliEnv(options.env ?? {}),
    stdin: options.stdin === undefined ? "ignore" : typeof options.stdin === "string" ? new TextEncoder().encode(options.stdin) : options.stdin,
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdoutBytes, stderr, code] = await Promise.all([
    new Response(child.stdout).bytes(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { code, stdout: new TextDecoder().decode(stdoutBytes), stdoutBytes, stderr };
}
