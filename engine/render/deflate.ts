/**
 * zlib streams (RFC 1950, what PNG's IDAT and PDF's FlateDecode hold) from the Web-standard
 * CompressionStream("deflate"): native zlib in Bun, Node ≥ 18, Deno and browsers, about 10× faster
 * than a JavaScript deflate. pako (the deflate pdf-lib and the zip writer use) is the fallback where
 * it is missing. Deterministic on a host: the same bytes always compress alike.
 */

/** The part of pako 1 (no type declarations) this uses: its streaming zlib deflater. */
interface PakoDeflate {
  Deflate: new (options: { level: number }) => { onData: (chunk: Uint8Array) => void; push(data: Uint8Array, last: boolean): boolean };
}

/**
 * The zlib stream of the chunks, in order, as the compressor's output parts (copied once, into the
 * file). The chunks are taken one at a time: each is produced
 * (by the iterator) only after the previous one was handed to the compressor, so a caller can
 * stream a tall image strip by strip. A failing iterator aborts the compression.
 */
export async function zlib(chunks: Iterable<Uint8Array>): Promise<Uint8Array[]> {
  if (typeof CompressionStream === "undefined") {
    // Loaded only here: hosts with CompressionStream (all we know of) never pay for its import.
    // @ts-expect-error pako 1 ships no type declarations; the one class used is typed above.
    const pako = (await import("pako")).default as unknown as PakoDeflate;
    const parts: Uint8Array[] = [];
    const z = new pako.Deflate({ level: 6 });
    z.onData = (data) => parts.push(data);
    let previous: Uint8Array | null = null;
    for (const chunk of chunks) {
      if (previous) z.push(previous, false);
      previous = chunk;
    }
    z.push(previous ?? new Uint8Array(0), true);
    return parts;
  }
  const cs = new CompressionStream("deflate");
  const writer = cs.writable.getWriter();
  const reader = cs.readable.getReader();
  const parts: Uint8Array[] = [];
  const read = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      parts.push(value);
    }
  })();
  const write = (async () => {
    try {
      for (const chunk of chunks) await writer.write(chunk as Uint8Array<ArrayBuffer>);
    } catch (e) {
      await writer.abort(e);
      throw e;
    }
    await writer.close();
  })();
  await Promise.all([write, read]);
  return parts;
}

/** One buffer's zlib stream as one array. */
export async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const parts = await zlib([bytes]);
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
