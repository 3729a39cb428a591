/**
 * Compiles a Typst file to PDF with the npm Typst compiler; run as a subprocess so XDG_DATA_HOME (where the
 * compiler looks up `@preview` packages) is in the real process environment (Bun's process.env writes do not
 * reach the native addon). Usage: bun test/support/typst-compile.ts <in.typ> <out.pdf> <font.ttf>…
 * Prints the diagnostics as JSON and exits 1 on a compile error.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { NodeCompiler } from "@myriaddreamin/typst-ts-node-compiler";

const [input, output, ...fonts] = process.argv.slice(2);
if (!input || !output) throw new Error("usage: typst-compile.ts <in.typ> <out.pdf> <font.ttf>…");
const compiler = NodeCompiler.create({
  workspace: dirname(input),
  fontArgs: [{ fontBlobs: fonts.map((f) => readFileSync(f)) }],
});
const result = compiler.compile({ mainFileContent: readFileSync(input, "utf8") });
if (result.hasError() || !result.result) {
  console.log(JSON.stringify(result.takeError()?.shortDiagnostics ?? "no document"));
  process.exit(1);
}
writeFileSync(output, compiler.pdf(result.result));
