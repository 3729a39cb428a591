/** `skhema batch` (POST /render/batch): several files and links → one PDF or zip. */
import type { BatchRequest } from "../client/api.ts";
import { list, str, type Context } from "./context.ts";
import { usageError } from "./exit-codes.ts";
import { basename, readText, writeOutput } from "./io.ts";
import { batchProgress } from "./progress.ts";
import { commonFields } from "./request.ts";

type Item = BatchRequest["items"][number];

export async function runBatch(ctx: Context): Promise<number> {
  const { lang, fn, ...shared } = commonFields(ctx.values);
  const perItem = { ...(lang === undefined ? {} : { lang }), ...(fn === undefined ? {} : { fn }) };
  if (ctx.positionals.filter((p) => p === "-").length > 1) throw usageError("standard input (-) can be read once");
  if (ctx.positionals.includes("-") && lang === undefined) throw usageError("--lang is needed with - (a source on standard input has no file extension)");
  const items: Item[] = [];
  for (const path of ctx.positionals) {
    const code = await readText(path);
    items.push(path === "-" ? { code, ...perItem } : { code, name: basename(path), ...perItem });
  }
  for (const url of list(ctx.values, "url")) items.push({ url, ...perItem });
  if (items.length === 0) throw usageError("name the source files (or --url links) to render; see skhema help batch");

  const bundle = str(ctx.values, "bundle") as BatchRequest["bundle"];
  const request: BatchRequest = {
    items,
    format: (str(ctx.values, "format") ?? "svg") as NonNullable<BatchRequest["format"]>,
    ...(bundle === undefined ? {} : { bundle }),
    ...shared,
  };
  const client = await ctx.client();
  const bytes = new TextEncoder().encode(JSON.stringify(request)).byteLength;
  const progress = await batchProgress(ctx.stderrIsTTY && !ctx.values.json, items.length, bytes);
  let answer: Awaited<ReturnType<typeof client.batchJson>>;
  try {
    // Always the JSON answer: it names each failed item and why, which the bare file cannot.
    answer = await client.batchJson(request, { onProgress: (p) => progress.update(p) });
  } finally {
    progress.stop();
  }
  if (ctx.values.json) {
    await ctx.out(`${JSON.stringify(answer, null, 2)}\n`);
    return 0;
  }
  for (const item of answer.items) if (!item.ok) ctx.warn(`failed: ${item.name}: ${item.error ?? "error"}`);
  const path = await writeOutput(ctx, Buffer.from(answer.content, "base64"), answer.filename, str(ctx.values, "output"));
  ctx.note(`${path}: ${answer.rendered} of ${answer.count} rendered, ${answer.credits} credits charged, ${answer.creditsLeft} left`);
  return 0;
}
