/**
 * What every command gets: its parsed flags, the settings in force, a client built from them, and
 * the two output streams (results on stdout, notes and errors on stderr).
 * The settings (the config file: node:fs, node:os) and the API client load when a command first
 * asks for them: `render --local` never does, and loading node:fs alone cost every start ≈ 1 ms of
 * CPU (issue 14).
 */
import type { SkhemaClient } from "../client/api.ts";
import type { Settings } from "./config.ts";
import { CliError, EXIT, StdoutClosed, usageError } from "./exit-codes.ts";
import { stderrColours, toStderr } from "./terminal.ts";

export type Values = Record<string, string | boolean | string[] | undefined>;

export interface Context {
  command: string;
  values: Values;
  positionals: string[];
  env: Record<string, string | undefined>;
  settings(): Promise<Settings>;
  /** A client with the key in force; `needKey` fails with exit 3 when there is none. */
  client(needKey?: boolean): Promise<SkhemaClient>;
  /** Results on stdout; a reader that went away (`| head`) ends the command quietly (StdoutClosed). */
  out(text: string | Uint8Array): Promise<void>;
  /** A plain line on stderr: what was written, notes. */
  note(text: string): void;
  /** A line on stderr in yellow on a terminal: something the user should look at, the command still succeeded. */
  warn(text: string): void;
  /** Whether stderr is a terminal (progress bars, QR codes, prompts). */
  stderrIsTTY: boolean;
}

export function createContext(command: string, values: Values, positionals: string[], env: Record<string, string | undefined>): Context {
  let cached: Promise<Settings> | undefined;
  const current = () => (cached ??= import("./config.ts").then(({ settings }) => settings(env, { apiUrl: str(values, "api-url") })));
  return {
    command,
    values,
    positionals,
    env,
    settings: current,
    async client(needKey = true) {
      const [s, { SkhemaClient }] = await Promise.all([current(), import("../client/api.ts")]);
      if (needKey && !s.key) throw new CliError("unauthorized", EXIT.unauthorized, "no API key: run `skhema login` or set SKHEMA_API_KEY");
      return new SkhemaClient({
        baseUrl: s.url,
        ...(s.key ? { key: s.key } : {}),
        rateLimitRetries: values["no-retry"] ? 0 : 3,
        maxRetryWaitSeconds: 60,
        onRetry: (seconds, attempt) => this.note(`rate limited; retry ${attempt} in ${seconds} s (--no-retry to fail at once)`),
      });
    },
    async out(text) {
      await writeAll(process.stdout, text);
    },
    note(text) {
      toStderr(text, "plain", false);
    },
    warn(text) {
      toStderr(text, "warning", stderrColours(env, this.stderrIsTTY));
    },
    get stderrIsTTY() {
      return Boolean(process.stderr.isTTY);
    },
  };
}

/**
 * Writes and waits for the stream to take it, so an exit right after loses nothing of a pipe. A
 * closed pipe (EPIPE: `skhema … --json | head`) is the reader saying it has enough, not a failure.
 */
function writeAll(stream: NodeJS.WriteStream, data: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    // Without a listener the stream's own "error" event would print a stack trace besides.
    if (stream.listenerCount("error") === 0) stream.on("error", () => {});
    stream.write(data, (e) => (e ? reject((e as NodeJS.ErrnoException).code === "EPIPE" ? new StdoutClosed() : e) : resolve()));
  });
}

export function str(values: Values, name: string): string | undefined {
  const v = values[name];
  return typeof v === "string" ? v : undefined;
}

export function list(values: Values, name: string): string[] {
  const v = values[name];
  return Array.isArray(v) ? v : typeof v === "string" ? [v] : [];
}

/** An integer flag, or a usage error naming the flag. */
export function int(values: Values, name: string): number | undefined {
  const v = str(values, name);
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v.trim())) throw usageError(`--${name} must be a whole number, got "${v}"`);
  return Number(v);
}

/** A number of seconds (fractions allowed), or a usage error. */
export function seconds(values: Values, name: string, fallback: number): number {
  const v = str(values, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw usageError(`--${name} must be a number of seconds, got "${v}"`);
  return n;
}
