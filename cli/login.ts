/** `skhema login`, `logout` and `config`: the key and the service URL in the config file. */
import { SkhemaClient } from "../client/api.ts";
import { configPath, maskKey, readConfig, writeConfig } from "./config.ts";
import { str, type Context } from "./context.ts";
import { usageError } from "./exit-codes.ts";

/** The key from --api-key, or the first line of standard input (with a prompt on a terminal). */
async function readKey(ctx: Context): Promise<string> {
  const given = str(ctx.values, "api-key");
  if (given !== undefined) return given.trim();
  if (process.stdin.isTTY) {
    const { createInterface } = await import("node:readline/promises");
    const prompt = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return (await prompt.question("API key (rk_…, from your account page): ")).trim();
    } finally {
      prompt.close();
    }
  }
  return ((await Bun.stdin.text()).split(/\r?\n/)[0] ?? "").trim();
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
