/** The account commands: me, products, topup, gift (interface.md §4.3–4.6) and openapi (§4.7). */
import type { Me } from "../client/api.ts";
import { int, seconds, str, type Context } from "./context.ts";
import { CliError, EXIT, usageError } from "./exit-codes.ts";
import { writeOutput } from "./io.ts";

const printJson = (ctx: Context, value: unknown) => ctx.out(`${JSON.stringify(value, null, 2)}\n`);

function describeMe(me: Me): string {
  const pro = me.pro ? `Pro until ${me.proUntil}` : "no Pro";
  return `${me.name} <${me.email}>\ncredits: ${me.credits}\n${pro}\n`;
}

export async function runMe(ctx: Context): Promise<number> {
  const me = await (await ctx.client()).me();
  await (ctx.values.json ? printJson(ctx, me) : ctx.out(describeMe(me)));
  return 0;
}

export async function runProducts(ctx: Context): Promise<number> {
  const products = await (await ctx.client()).products();
  if (ctx.values.json) {
    await printJson(ctx, products);
    return 0;
  }
  const lines = [
    `one credit: ${products.unitUah} UAH (skhema topup --kind credits_unit --qty N)`,
    "credit packs (skhema topup --kind credits --id ID):",
    ...products.credits.map((p) => `  id ${p.id}: ${p.qty} credits, ${p.uah} UAH`),
    "Pro tiers (skhema topup --kind pro --id ID):",
    ...products.pro.map((p) => `  id ${p.id}: ${p.days} days, ${p.bonus} bonus credits, ${p.uah} UAH`),
  ];
  if (!products.available) lines.push("payments are not available at the moment");
  await ctx.out(`${lines.join("\n")}\n`);
  return 0;
}

export async function runTopup(ctx: Context): Promise<number> {
  const kind = str(ctx.values, "kind");
  if (kind !== "credits_unit" && kind !== "credits" && kind !== "pro") throw usageError("--kind must be credits_unit, credits or pro");
  const id = int(ctx.values, "id");
  const qty = int(ctx.values, "qty");
  if (kind === "credits_unit" && qty === undefined) throw usageError("--kind credits_unit needs --qty N");
  if (kind !== "credits_unit" && id === undefined) throw usageError(`--kind ${kind} needs --id (see skhema products)`);
  const interval = seconds(ctx.values, "interval", 10);
  const timeout = seconds(ctx.values, "timeout", 900);

  const client = await ctx.client();
  const before = ctx.values.wait ? await client.me() : undefined;
  const topup = await client.topup({ kind, ...(id === undefined ? {} : { id }), ...(qty === undefined ? {} : { qty }) });
  if (ctx.values.json) await printJson(ctx, topup);
  else {
    await ctx.out(`${topup.label}: ${topup.amountUah} UAH\npay here: ${topup.jarUrl}\npayment comment (if you pay by hand): ${topup.comment}\n`);
    if (process.stdout.isTTY) {
      const { renderUnicodeCompact } = await import("uqr");
      await ctx.out(`${renderUnicodeCompact(topup.jarUrl, { border: 2 })}\n`);
    }
  }
  if (!before) return 0;

  ctx.note(`waiting for the payment (checking every ${interval} s, at most ${timeout} s)…`);
  const deadline = Date.now() + timeout * 1000;
  while (Date.now() < deadline) {
    await Bun.sleep(Math.min(interval * 1000, Math.max(0, deadline - Date.now())));
    const now = await client.me();
    if (now.credits > before.credits || now.proUntil !== before.proUntil) {
      ctx.note(`arrived: ${now.credits} credits${now.pro ? `, Pro until ${now.proUntil}` : ""}`);
      return 0;
    }
  }
  throw new CliError("timeout", EXIT.timeout, `the payment did not arrive within ${timeout} s; check later with skhema me`);
}

export async function runGift(ctx: Context): Promise<number> {
  const email = str(ctx.values, "email");
  const qty = int(ctx.values, "qty");
  if (email === undefined || qty === undefined) throw usageError("gift needs --email ADDRESS and --qty N");
  const answer = await (await ctx.client()).gift({ email, qty });
  await (ctx.values.json ? printJson(ctx, answer) : ctx.out(`sent ${qty} credits to ${email}; ${answer.credits} credits left\n`));
  return 0;
}

export async function runOpenapi(ctx: Context): Promise<number> {
  const doc = await (await ctx.client(false)).openapi();
  const output = str(ctx.values, "output") ?? "-";
  const path = await writeOutput(ctx, `${JSON.stringify(doc, null, 2)}\n`, "openapi.json", output);
  if (path !== "stdout") ctx.note(`${path}: written`);
  return 0;
}
