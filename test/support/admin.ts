/**
 * Runs the operator command (`bun server/admin.ts …`) as its own process, as an operator would,
 * against the database (and any provider settings) a test chooses.
 */
import { expect } from "bun:test";

const repoRoot = new URL("../../", import.meta.url).pathname;

export interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface AdminCommand {
  /** Runs the command and collects its exit code, stdout and stderr. */
  admin(...args: string[]): Promise<AdminRun>;
  /** Runs a command that must succeed and returns its JSON output. */
  ok<T = Record<string, unknown>>(...args: string[]): Promise<T>;
  /** Runs a command that must fail: exit 1, a message on stderr, nothing on stdout, no stack trace. */
  refused(pattern: RegExp, ...args: string[]): Promise<void>;
}

/**
 * The command with the environment `env()` adds to the test's own (read at each run, so a test can
 * pass a database it only opens in `beforeAll`).
 */
export function adminCommand(env: () => Record<string, string>): AdminCommand {
  async function admin(...args: string[]): Promise<AdminRun> {
    const child = Bun.spawn([process.execPath, "server/admin.ts", ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env() },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    return { code, stdout, stderr };
  }
  async function ok<T = Record<string, unknown>>(...args: string[]): Promise<T> {
    const run = await admin(...args);
    if (run.code !== 0) throw new Error(`admin ${args.join(" ")} exited ${run.code}: ${run.stderr}`);
    return JSON.parse(run.stdout) as T;
  }
  async function refused(pattern: RegExp, ...args: string[]): Promise<void> {
    const run = await admin(...args);
    const what = `admin ${args.join(" ")}`;
    expect(run.code, `${what}: exit code (stdout ${run.stdout})`).toBe(1);
    expect(run.stdout, `${what}: stdout`).toBe("");
    expect(run.stderr, `${what}: stderr`).toMatch(pattern);
    expect(run.stderr, `${what}: stack trace on stderr`).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
    // The reason and at most a one-line hint, never the whole usage page (issue 24).
    expect(run.stderr.trimEnd().split("\n").length, `${what}: stderr lines`).toBeLessThanOrEqual(2);
  }
  return { admin, ok, refused };
}
