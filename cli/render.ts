/**
 * `skhema render` (POST /render) and `skhema render --local` (the engine in this process, no
 * network, no credits; what `npm run render` runs).
 */
import type { RenderRequest, RenderUpload } from "../client/api.ts";
import { str, type Context } from "./context.ts";
import { usageError } from "./exit-codes.ts";
import { FORMATS } from "./commands.ts";
import { basename, outputFormat, readSource, readText, writeOutput } from "./io.ts";
import { commonFields, type CommonFields } from "./request.ts";

type Source = { kind: "file"; path: string } | { kind: "stdin" } | { kind: "url"; url: string };

function sourceOf(ctx: Context): Source {
  const url = str(ctx.values, "url");
  const [input, ...more] = ctx.positionals;
  if (more.length > 0) throw usageError("render takes one source; `skhema batch` renders several");
  if (url !== undefined && input !== undefined) throw usageError("give a source file or --url, not both");
  if (url !== undefined) return { kind: "url", url };
  if (input === undefined) throw usageError("name a source file, - for standard input, or --url (see skhema help render)");
  return input === "-" ? { kind: "stdin" } : { kind: "file", path: input };
}

export async function runRender(ctx: Context): Promise<number> {
  const source = sourceOf(ctx);
  const fields = commonFields(ctx.values);
  if (source.kind === "stdin" && fields.lang === undefined) throw usageError("--lang is needed with - (a source on standard input has no file extension)");
  const output = str(ctx.values, "output");
  const format: NonNullable<RenderRequest["format"]> = outputFormat(str(ctx.values, "format"), output, FORMATS, "svg");

  let local = ctx.values.local === true;
  if (!local && !(await ctx.settings()).key && source.kind !== "url") {
    ctx.note("note: no API key configured (skhema login, or SKHEMA_API_KEY); rendering locally with the engine: no network, no credits");
    local = true;
  }
  if (local && source.kind === "url") throw usageError("--local renders files and standard input; a --url source needs the service");
  if (local && ctx.values.link) throw usageError("--link keeps the file on the service: it needs an API key, not --local");
  if (local) return renderLocal(ctx, source as Exclude<Source, { kind: "url" }>, format, fields, output);

  const client = await ctx.client();
  const asked = { format, ...fields, ...(ctx.values.link ? { link: true } : {}) };
  let request: RenderRequest | RenderUpload;
  if (source.kind === "url") request = { url: source.url, ...asked };
  else if (source.kind === "stdin") request = { code: await readText("-"), ...asked };
  else request = { file: { name: basename(source.path), data: await readSource(source.path) }, ...asked };

  if (ctx.values.json) {
    const answer = await client.renderJson(request);
    for (const f of [...answer.skipped, ...(answer.recovered ?? [])]) ctx.warn(functionWarning(f.name, f.error));
    if (answer.omitted && answer.omitted.length > 0) ctx.note(omittedNote(answer.omitted));
    await ctx.out(`${JSON.stringify(answer, null, 2)}\n`);
    return 0;
  }
  const answer = await client.render(request);
  const path = await writeOutput(ctx, answer.data, answer.filename, output);
  // The same warnings as --local, from the answer's headers (they carry the names, not the reasons).
  if (answer.skipped) ctx.warn(skippedWarning(answer.skipped));
  if (answer.recovered) ctx.warn(`warning: drawn around statements that could not be read: ${answer.recovered.join(", ")} (--json gives the reasons)`);
  ctx.note(`${path}: ${answer.data.byteLength} bytes${answer.creditsLeft === undefined ? "" : `; ${answer.creditsLeft} credits left`}`);
  if (answer.omitted) ctx.note(`note: ${answer.omitted} statement(s) left out as runtime set-up (--json lists them, --verbatim draws them)`);
  if (answer.link) ctx.note(`link (until ${answer.link.expiresAt}): ${answer.link.url}`);
  return 0;
}

/** A function the engine could not draw (or drew around what it could not read), and why. */
const functionWarning = (name: string, why: string) => `warning: ${name || "source"}: ${why}`;

/** The functions a file answer left out, with how many more the capped header could not name. */
function skippedWarning({ names, count }: { names: string[]; count: number }): string {
  const more = count > names.length ? ` and ${count - names.length} more` : "";
  return `warning: not drawn: ${names.join(", ")}${more} (--json gives the reasons)`;
}

/**
 * One line on stderr for the runtime set-up the charts leave out (issue 20), so nothing the program
 * does disappears unannounced; `--verbatim` draws it.
 */
export function omittedNote(omitted: readonly { chart: string; line: number; text: string }[]): string {
  return `note: left out as runtime set-up (--verbatim draws it): ${omitted.map((o) => `${o.text} (line ${o.line})`).join("; ")}`;
}

async function renderLocal(ctx: Context, source: Exclude<Source, { kind: "url" }>, format: string, fields: CommonFields, output: string | undefined): Promise<number> {
  // Loaded here, not at the top: a command that talks to the service never pays for the engine.
  const [{ render, langFromFileName }, { cliAssets }, { outputName }] = await Promise.all([
    import("../engine/index.ts"),
    import("./assets.ts"),
    import("../engine/file-names.ts"),
  ]);
  const fileName = source.kind === "file" ? basename(source.path) : undefined;
  const lang = fields.lang ?? langFromFileName(fileName!);
  const code = await readSource(source.kind === "file" ? source.path : "-");
  const { lang: _, ...engineFields } = fields;
  const result = await render({ ...engineFields, code, lang, format }, cliAssets);
  for (const e of result.errors) ctx.warn(functionWarning(e.name, e.message));
  if (result.omitted.length > 0) ctx.note(omittedNote(result.omitted));
  const filename = outputName(fileName, fields.fn, result.file.name);
  if (ctx.values.json) {
    const text = typeof result.file.data === "string";
    const content = text ? (result.file.data as string) : Buffer.from(result.file.data as Uint8Array).toString("base64");
    const answer = { format, lang, filename, encoding: text ? "utf-8" : "base64", content, charts: result.charts, omitted: result.omitted };
    await ctx.out(`${JSON.stringify(answer, null, 2)}\n`);
    return 0;
  }
  const path = await writeOutput(ctx, result.file.data, filename, output);
  ctx.note(`${path}: ${result.charts} chart(s), rendered locally`);
  return 0;
}
