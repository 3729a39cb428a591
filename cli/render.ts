/**
 * Local command: renders a source file to a chart file without any server.
 *   bun run render examples/grade.py -f svg -o grade.svg [--fn NAME] [--split] [--options '{"locale":"en"}']
 * The language comes from the file extension (`--lang` overrides); `.json` files are native chart trees.
 */
import { parseArgs } from "node:util";
import { langFromFileName, render, EngineError } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";

const USAGE = `usage: bun run render <file> [-f FORMAT] [-o out] [--lang L] [--fn NAME] [--split|--no-split] [--scale N] [--fragment] [--font NAME] [--options JSON]`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    args: Bun.argv.slice(2),
    allowPositionals: true,
    options: {
      format: { type: "string", short: "f", default: "svg" },
      output: { type: "string", short: "o" },
      lang: { type: "string" },
      fn: { type: "string" },
      split: { type: "boolean" },
      "no-split": { type: "boolean" },
      options: { type: "string" },
      scale: { type: "string" },
      fragment: { type: "boolean" },
      font: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const file = positionals[0];
  if (values.help || !file) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  let options: unknown;
  try {
    options = values.options ? JSON.parse(values.options) : undefined;
  } catch {
    console.error("--options is not valid JSON");
    return 2;
  }
  const split = values["no-split"] ? false : values.split;
  try {
    const lang = values.lang ?? langFromFileName(file);
    const code = new Uint8Array(await Bun.file(file).arrayBuffer());
    const scale = values.scale === undefined ? undefined : Number(values.scale);
    const result = await render({ code, lang, format: values.format, fn: values.fn, split, options, scale, fragment: values.fragment, font: values.font }, bunAssets);
    const out = values.output ?? result.file.name;
    await Bun.write(out, result.file.data);
    for (const e of result.errors) console.error(`warning: ${e.name || "source"}: ${e.message}`);
    console.error(`${out}: ${result.charts} chart(s)`);
    return 0;
  } catch (error) {
    if (error instanceof EngineError) {
      console.error(`${error.code}: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

process.exit(await main());
