/** `skhema login`, `logout` and `config`: the key and the service URL in the config file. */
import { SkhemaClient } from "../client/api.ts";
import { configPath, maskKey, readConfig, writeConfig } from "./config.ts";
import { str, type Context } from "./context.ts";
import { usageError } from "./exit-codes.ts";

/**
 * The key from --api-key, or else typed on a terminal without being shown (issue 24: it was echoed
 * as typed), or else the first line of standard input (`echo "$KEY" | skhema login`).
 */
async function readKey(ctx: Context): Promise<string> {
  const given = str(ctx.values, "api-key");
  if (given !== undefined) return given.trim();
  if (process.stdin.isTTY) return (await askHidden("API key (rk_…, from your account page; not shown as you type): ")).trim();
  return ((await Bun.stdin.text()).split(/\r?\n/)[0] ?? "").trim();
}

/**
 * A line read from the terminal with the prompt on stderr and the typing not echoed: readline keeps
 * its line editing (backspace, Ctrl-U) but writes into an output that passes on only the prompt.
 * Ctrl-C ends the command as an interrupt (exit 130) before anything is saved.
 */
async function askHidden(prompt: string): Promise<string> {
  const [{ createInterface }, { Writable }] = await Promise.all([import("node:readline/promises"), import("node:stream")]);
  let echo = true;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (echo) process.stderr.write(chunk);
      done();
    },
  });
  const reader = createInterface({ input: process.stdin, output, terminal: true });
  reader.on("SIGINT", () => {
    process.stderr.write("\n");
    process.exit(130);
  });
  try {
    const answer = reader.question(prompt);
    echo = false;
    return await answer;
  } finally {
    reader.close();
    process.stderr.write("\n");
  }
}

export async function runLogin(ctx: Context): Promise<number> {
  const key = await readKey(ctx);
  if (!key) throw usageError("no key given: pass --api-key or type it on standard input");
  const url = (await ctx.settings()).url;
  // The key is saved only once the service accepted it: a typo fails here, not on the next render.
  const me = await new SkhemaClient({ baseUrl: url, key, rateLimitRetries: ctx.values["no-retry"] ? 0 : 3 }).me();
  const path = writeConfig({ ...readConfig(ctx.env), url, key }, ctx.env);
  if (ctx.values.json) await ctx.out(`${JSON.stringify({ ok: true, email: me.email, credits: me.credits, url, config: path })}\n`);
  else ctx.note(`logged in as ${me.email} (${me.credits} credits) at ${url}; key saved in ${path}`);
  return 0;
}

export async function runLogout(ctx: Context): Promise<number> {
  const { key: _, ...rest } = readConfig(ctx.env);
  const path = writeConfig(rest, ctx.env);
  ctx.note(`key removed from ${path}${ctx.env.SKHEMA_API_KEY ? " (SKHEMA_API_KEY is still set in the environment)" : ""}`);
  return 0;
}

export async function runConfig(ctx: Context): Promise<number> {
  const [action, name, value, ...extra] = ctx.positionals;
  if (action === "path") {
    await ctx.out(`${configPath(ctx.env)}\n`);
    return 0;
  }
  if (action === "set" || action === "unset") {
    if (name !== "url") throw usageError(`only the url is set here (the key through skhema login); got "${name ?? ""}"`);
    if ((action === "set" && (value === undefined || extra.length > 0)) || (action === "unset" && value !== undefined)) {
      throw usageError("usage: skhema config set url URL | skhema config unset url");
    }
    if (action === "set" && !/^https?:\/\//.test(value!)) throw usageError(`not an http(s) URL: ${value}`);
    const { url: _, ...rest } = readConfig(ctx.env);
    const path = writeConfig(action === "set" ? { ...rest, url: value! } : rest, ctx.env);
    ctx.note(`${path}: url ${action === "set" ? `= ${value}` : "removed"}`);
    return 0;
  }
  if (action !== undefined && action !== "show") throw usageError(`unknown config action "${action}"; use show, path, set or unset`);
  const s = await ctx.settings();
  const shown = { config: configPath(ctx.env), url: s.url, urlFrom: s.urlFrom, key: s.key ? maskKey(s.key) : null, keyFrom: s.keyFrom };
  if (ctx.values.json) await ctx.out(`${JSON.stringify(shown, null, 2)}\n`);
  else await ctx.out(`config file: ${shown.config}\nurl: ${shown.url} (${shown.urlFrom})\nkey: ${shown.key ?? "none"} (${shown.keyFrom})\n`);
  return 0;
}
