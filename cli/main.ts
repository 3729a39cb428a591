#!/usr/bin/env bun
/**
 * `skhema`: the command-line client of the Skhema API (interface.md §1) — commands 1:1 with the
 * endpoints, the key in the XDG config file, exit codes from the error `code` (cli/exit-codes.ts),
 * `render --local` with the engine in process, and `skhema mcp`, the MCP tool server.
 * Each command's code is imported only when it runs, so `skhema me` never loads the engine.
 */
import arg from "arg";
import { INTERFACE_VERSION, SOFTWARE_VERSION } from "../server/http/versions.ts";
import { findCommand, type Command } from "./commands.ts";
import { createContext, type Context, type Values } from "./context.ts";
import { classify, EXIT, StdoutClosed, usageError } from "./exit-codes.ts";
import { stderrColours, toStderr } from "./terminal.ts";

const RUN: Record<string, (ctx: Context) => Promise<number>> = {
  render: async (ctx) => (await import("./render.ts")).runRender(ctx),
  batch: async (ctx) => (await import("./batch.ts")).runBatch(ctx),
  report: async (ctx) => (await import("./report.ts")).runReport(ctx),
  me: async (ctx) => (await import("./account.ts")).runMe(ctx),
  products: async (ctx) => (await import("./account.ts")).runProducts(ctx),
  topup: async (ctx) => (await import("./account.ts")).runTopup(ctx),
  gift: async (ctx) => (await import("./account.ts")).runGift(ctx),
  openapi: async (ctx) => (await import("./account.ts")).runOpenapi(ctx),
  login: async (ctx) => (await import("./login.ts")).runLogin(ctx),
  logout: async (ctx) => (await import("./login.ts")).runLogout(ctx),
  config: async (ctx) => (await import("./login.ts")).runConfig(ctx),
  mcp: async (ctx) => (await import("./mcp.ts")).runMcp(ctx),
  completion: async (ctx) => {
    await ctx.out((await import("./completion.ts")).completionScript(ctx.positionals[0]));
    return 0;
  },
  help: async (ctx) => {
    const { commandManual, overview } = await import("./help.ts");
    const name = ctx.positionals[0];
    if (name === undefined) await ctx.out(overview(SOFTWARE_VERSION));
    else {
      const command = findCommand(name);
      if (!command) throw usageError(`no command "${name}"; skhema help lists them`);
      await ctx.out(commandManual(command));
    }
    return 0;
  },
};

/**
 * The command's flags and positionals. `arg` (not node:util's parseArgs: importing node:util cost
 * every start ≈ 1.1 ms of a 14 ms render, issue 14) with parseArgs' strictness: unknown flags, a
 * flag without its value and a value given to a boolean flag are usage errors.
 */
function parse(command: Command, args: string[]): { values: Values; positionals: string[] } {
  const spec: arg.Spec = {};
  for (const f of command.flags) {
    const type = f.type === "boolean" ? Boolean : String;
    spec[`--${f.name}`] = f.multiple ? [type] : type;
    if (f.short) spec[`-${f.short}`] = `--${f.name}`;
  }
  const fail = (reason: string) => usageError(`${reason} (see skhema help ${command.name})`);
  const valued = args.slice(0, args.includes("--") ? args.indexOf("--") : args.length).find((a) => /^--[^=]+=/.test(a));
  if (valued && spec[valued.slice(0, valued.indexOf("="))] === Boolean) throw fail(`option ${valued.slice(0, valued.indexOf("="))} takes no value`);
  let parsed: arg.Result<arg.Spec>;
  try {
    parsed = arg(spec, { argv: args });
  } catch (e) {
    throw fail(e instanceof Error ? e.message.split("\n")[0]! : String(e));
  }
  const values: Values = {};
  for (const [key, value] of Object.entries(parsed)) if (key !== "_") values[key.slice(2)] = value as Values[string];
  return { values, positionals: parsed._ };
}

export async function main(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const [first, ...rest] = argv;
  let json = argv.includes("--json");
  try {
    if (first === "--version" || first === "-v") {
      // Bun's console, not process.stdout: creating the stream loads Node's stream machinery, ≈ 2 ms
      // of a command this short (issue 14). One string argument is written as it is, with a line break.
      // Both versions, and which is which (issue 24): the software's release and the HTTP interface it speaks.
      console.log(`skhema ${SOFTWARE_VERSION} (HTTP interface ${INTERFACE_VERSION})`);
      return EXIT.ok;
    }
    const name = first === undefined || first === "--help" || first === "-h" ? "help" : first;
    const command = findCommand(name);
    if (!command) throw usageError(`unknown command "${name}"; skhema help lists the commands`);
    const { values, positionals } = parse(command, name === first ? rest : []);
    json = values.json === true;
    const ctx = createContext(name, values, positionals, env);
    if (values.help) {
      ctx.positionals = [name];
      return await RUN.help!(ctx);
    }
    return await RUN[name]!(ctx);
  } catch (error) {
    if (error instanceof StdoutClosed) return EXIT.ok;
    const { code, exit, message } = classify(error);
    toStderr(`skhema: ${message}`, "error", stderrColours(env, Boolean(process.stderr.isTTY)));
    if (json) console.log(JSON.stringify({ error: message, code, exit }));
    return exit;
  }
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
