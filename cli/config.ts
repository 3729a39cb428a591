/**
 * The CLI's settings: `$XDG_CONFIG_HOME/skhema/config.json` (default ~/.config) holds the key and the
 * service URL; `SKHEMA_API_KEY` / `SKHEMA_API_URL` override the file. The key is a secret: the folder
 * is created 0700 and the file 0600, and rewritten through a temp file so it is never half-written.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { DEFAULT_API_URL } from "../client/api.ts";
import { CliError, EXIT } from "./exit-codes.ts";

export interface StoredConfig {
  url?: string;
  key?: string;
}

/** The settings in force, and where each came from (for `skhema config`). */
export interface Settings {
  url: string;
  key: string | undefined;
  urlFrom: "flag" | "env" | "file" | "default";
  keyFrom: "env" | "file" | "none";
}

type Env = Record<string, string | undefined>;

export function configPath(env: Env = process.env): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith("/") ? env.XDG_CONFIG_HOME : join(homedir(), ".config");
  return join(base, "skhema", "config.json");
}

export function readConfig(env: Env = process.env): StoredConfig {
  const path = configPath(env);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return {};
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not an object");
    const { url, key } = parsed as Record<string, unknown>;
    return { ...(typeof url === "string" ? { url } : {}), ...(typeof key === "string" ? { key } : {}) };
  } catch (e) {
    throw new CliError("config", EXIT.usage, `${path}: not a valid config file (${e instanceof Error ? e.message : String(e)}); fix or delete it`);
  }
}

export function writeConfig(config: StoredConfig, env: Env = process.env): string {
  const path = configPath(env);
  const dir = join(path, "..");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, path);
  return path;
}

export function settings(env: Env = process.env, flags: { apiUrl?: string | undefined } = {}): Settings {
  const file = readConfig(env);
  const url = flags.apiUrl ?? env.SKHEMA_API_URL ?? file.url;
  const key = env.SKHEMA_API_KEY || file.key;
  return {
    url: url || DEFAULT_API_URL,
    key: key || undefined,
    urlFrom: flags.apiUrl ? "flag" : env.SKHEMA_API_URL ? "env" : file.url ? "file" : "default",
    keyFrom: env.SKHEMA_API_KEY ? "env" : file.key ? "file" : "none",
  };
}

/** `rk_ab…wxyz`: enough to tell keys apart, not enough to use one. */
export function maskKey(key: string): string {
  return key.length <= 10 ? "rk_…" : `${key.slice(0, 5)}…${key.slice(-4)}`;
}
