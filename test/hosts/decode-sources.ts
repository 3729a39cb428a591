// Decodes the files named on the command line with engine/source-bytes.ts and prints
// [{encoding, text}] as JSON: run by Deno and by Node's type stripping to compare with Bun.
import { readFileSync } from "node:fs";
import process from "node:process";
import { decodeSourceBytes } from "../../engine/source-bytes.ts";

const decoded = process.argv.slice(2).map((file) => decodeSourceBytes(new Uint8Array(readFileSync(file))));
process.stdout.write(JSON.stringify(decoded));
