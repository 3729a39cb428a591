/** A program file of the corpus, fixtures or examples as text, decoded as the engine decodes an uploaded file (any supported encoding). */
import { decodeSourceBytes } from "../../engine/source-bytes.ts";

export async function readSourceFile(path: string | URL): Promise<string> {
  return decodeSourceBytes(await Bun.file(path).bytes()).text;
}
