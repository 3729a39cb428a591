/**
 * PNG encoder for the rasterised charts. resvg-wasm's own `asPng()` spends most of a render in its
 * encoder (≈90 ms of a page-sized chart at scale 3, ≈1.5 s of 2 s for a 1300 × 17600 px chart). Here
 * the zlib stream comes from the Web-standard CompressionStream("deflate") (native zlib in Bun,
 * Node ≥ 18, Deno and browsers; about 10× faster than a JavaScript deflate on these images), with
 * pako (the deflate pdf-lib and the zip writer use) as the fallback where it is missing.
 *
 * Charts are black on white, so the pixels are written as 8-bit greyscale whenever every pixel is
 * grey (always, for our renderers; a quarter of the RGBA data to compress), else as RGB(A). The
 * grey test, the conversion and the scanline layout are one pass over the pixels read as 32-bit
 * words. A row identical to the one above (blank space, vertical lines) gets the Up filter: all
 * zeros, which zlib packs best, and nothing to convert; every other row gets None, whose repeats
 * zlib finds by itself. Measured against Up on every row (the previous encoder): files ~10 % smaller
 * for page-sized and tall narrow charts, 2–13 % larger for very wide ones (split charts with the
 * parts side by side), 8 % smaller over the test corpus at scales 1–2; and rows are converted
 * faster. Deterministic: the same pixels always give the same bytes.
 *
 * Two kinds of input:
 *  - `encodePng` / `scanlines`: straight-alpha RGBA, written as is (greyscale when every pixel is
 *    opaque grey);
 *  - `scanlinesOnWhite`: resvg's premultiplied RGBA of a render without a background, composited
 *    over white (channel + 255 − alpha, exact for premultiplied pixels), so the rasteriser never
 *    has to fill the canvas white first. The result is always opaque.
 * Making the scanlines is synchronous and `writePng` (the compression) asynchronous, so the PNG
 * renderer frees every WASM object before its first `await`.
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
async function zlib(chunks: Iterable<Uint8Array>): Promise<Uint8Array[]> {
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

const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

function crc32(bytes: Uint8Array, start: number, end: number): number {
  let c = -1;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

/** Colour types of the IHDR chunk. */
export const GREY = 0;
export const RGB = 2;
const RGBA = 6;

/** The PNG file around the filtered scanlines `rows` (each row: filter byte, then the samples), given in chunks of whole rows. */
async function pngFile(width: number, height: number, colourType: number, rows: Iterable<Uint8Array>): Promise<Uint8Array> {
  const parts = await zlib(rows);
  let idatLength = 0;
  for (const p of parts) idatLength += p.length;
  // Signature, IHDR (13 bytes of data), IDAT, IEND; each chunk is length, type, data, CRC.
  const out = new Uint8Array(8 + 25 + 12 + idatLength + 12);
  const view = new DataView(out.buffer);
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
  let pos = 8;
  const chunk = (type: string, length: number, fill: (at: number) => void) => {
    view.setUint32(pos, length);
    for (let i = 0; i < 4; i++) out[pos + 4 + i] = type.charCodeAt(i);
    fill(pos + 8);
    view.setUint32(pos + 8 + length, crc32(out, pos + 4, pos + 8 + length));
    pos += 12 + length;
  };
  chunk("IHDR", 13, (at) => {
    view.setUint32(at, width);
    view.setUint32(at + 4, height);
    out[at + 8] = 8; // bit depth
    out[at + 9] = colourType;
    out[at + 10] = 0; // deflate
    out[at + 11] = 0; // adaptive filtering
    out[at + 12] = 0; // no interlace
  });
  chunk("IDAT", idatLength, (at) => {
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
  });
  chunk("IEND", 0, () => {});
  return out;
}

/** Row filter types. */
const NONE = 0;
const UP = 2;

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** The pixels as 32-bit words (r | g << 8 | b << 16 | a << 24 on little-endian hosts), without a copy when aligned. */
function words(rgba: Uint8Array): Int32Array {
  const n = rgba.length >> 2;
  return rgba.byteOffset % 4 === 0 ? new Int32Array(rgba.buffer, rgba.byteOffset, n) : new Int32Array(rgba.slice().buffer);
}

/**
 * Greyscale scanlines, or null when some pixel is not grey. With `onWhite` the pixels are
 * premultiplied and composited over white (grey = r + 255 − a); without it they must be opaque.
 * A row identical to the one above is written with the Up filter (all zeros, and no conversion);
 * every other row with None. `above` is the row above the first one (the pixels, as words), when
 * these rows continue an image.
 */
function greyScanlines(rgba: Uint8Array, width: number, height: number, onWhite: boolean, above: Int32Array | null = null): Uint8Array | null {
  const raw = new Uint8Array((width + 1) * height);
  if (!LITTLE_ENDIAN) {
    // No Up filter here: rows are always converted, so `above` is not needed.
    for (let y = 0, i = 0, o = 0; y < height; y++) {
      raw[o++] = NONE;
      for (let x = 0; x < width; x++, i += 4) {
        const r = rgba[i]!;
        const a = rgba[i + 3]!;
        if (rgba[i + 1] !== r || rgba[i + 2] !== r || (!onWhite && a !== 255)) return null;
        raw[o++] = onWhite ? r + 255 - a : r;
      }
    }
    return raw;
  }
  const px = words(rgba);
  // bad collects the bits where g ≠ r or b ≠ g (and, for opaque input, alpha ≠ 255).
  let bad = 0;
  let i = 0;
  let o = 0;
  for (let y = 0; y < height; y++) {
    const end = i + width;
    if (y > 0 || above) {
      let j = i;
      if (y > 0) while (j < end && px[j] === px[j - width]) j++;
      else while (j < end && px[j] === above![j]) j++;
      if (j === end) {
        raw[o] = UP; // the row's differences are the zeros already there
        o += width + 1;
        i = end;
        continue;
      }
    }
    raw[o++] = NONE;
    if (onWhite) {
      for (; i < end; i++, o++) {
        const w = px[i]!;
        bad |= (w ^ (w >>> 8)) & 0xffff;
        raw[o] = (w & 0xff) + 255 - (w >>> 24);
      }
    } else {
      for (; i < end; i++, o++) {
        const w = px[i]!;
        bad |= ((w ^ (w >>> 8)) & 0xffff) | (~w >>> 24);
        raw[o] = w;
      }
    }
    if (bad !== 0) return null;
  }
  return raw;
}

/** Colour scanlines (filter None): RGB composited over white with `onWhite`, else RGBA as is. */
function colourScanlines(rgba: Uint8Array, width: number, height: number, onWhite: boolean): Uint8Array {
  const channels = onWhite ? 3 : 4;
  const raw = new Uint8Array((width * channels + 1) * height);
  for (let y = 0, i = 0, o = 0; y < height; y++) {
    raw[o++] = NONE;
    if (!onWhite) {
      raw.set(rgba.subarray(i, i + width * 4), o);
      i += width * 4;
      o += width * 4;
      continue;
    }
    for (let x = 0; x < width; x++, i += 4) {
      const blank = 255 - rgba[i + 3]!;
      raw[o++] = rgba[i]! + blank;
      raw[o++] = rgba[i + 1]! + blank;
      raw[o++] = rgba[i + 2]! + blank;
    }
  }
  return raw;
}

function checkSize(rgba: Uint8Array, width: number, height: number): void {
  if (rgba.length !== width * height * 4) throw new RangeError(`expected ${width * height * 4} bytes of RGBA, got ${rgba.length}`);
}

/** An image as filtered PNG scanlines, ready for compression (see writePng). */
export interface Scanlines {
  width: number;
  height: number;
  /** IHDR colour type: 0 greyscale, 2 RGB, 6 RGBA (8 bits per sample). */
  colourType: number;
  /** Each row: the filter type byte, then the samples. */
  data: Uint8Array;
}

/** Scanlines of straight-alpha RGBA pixels: greyscale when every pixel is opaque grey, else RGBA. */
export function scanlines(rgba: Uint8Array, width: number, height: number): Scanlines {
  checkSize(rgba, width, height);
  const grey = greyScanlines(rgba, width, height, false);
  return grey ? { width, height, colourType: GREY, data: grey } : { width, height, colourType: RGBA, data: colourScanlines(rgba, width, height, false) };
}

/**
 * Scanlines of premultiplied RGBA pixels (resvg's, rendered without a background) composited over
 * white: greyscale when every pixel is grey, else RGB.
 */
export function scanlinesOnWhite(premultiplied: Uint8Array, width: number, height: number): Scanlines {
  checkSize(premultiplied, width, height);
  const grey = greyScanlines(premultiplied, width, height, true);
  return grey
    ? { width, height, colourType: GREY, data: grey }
    : { width, height, colourType: RGB, data: colourScanlines(premultiplied, width, height, true) };
}

/** The PNG file of the scanlines (zlib-compressed into one IDAT chunk). */
export function writePng(s: Scanlines): Promise<Uint8Array> {
  return pngFile(s.width, s.height, s.colourType, [s.data]);
}

/**
 * Scanlines of a band of rows of premultiplied RGBA pixels composited over white, for an image
 * made band by band (see writePngRows): greyscale (null when some pixel is not grey) or RGB.
 * `above` is the last row of the previous band, as words (see lastRow), for the Up filter.
 */
export function bandScanlinesOnWhite(premultiplied: Uint8Array, width: number, height: number, colourType: typeof GREY | typeof RGB, above: Int32Array | null): Uint8Array | null {
  checkSize(premultiplied, width, height);
  return colourType === GREY ? greyScanlines(premultiplied, width, height, true, above) : colourScanlines(premultiplied, width, height, true);
}

/** The last row of RGBA pixels as words (a copy), the `above` of the next band. */
export function lastRow(rgba: Uint8Array, width: number, height: number): Int32Array {
  return words(rgba.subarray((height - 1) * width * 4, height * width * 4)).slice();
}

/**
 * The PNG file of an image whose scanlines come in bands of whole rows, top to bottom: each band
 * is compressed before the next is asked for, so only one band's pixels exist at a time.
 */
export function writePngRows(width: number, height: number, colourType: typeof GREY | typeof RGB, bands: Iterable<Uint8Array>): Promise<Uint8Array> {
  return pngFile(width, height, colourType, bands);
}

/** Encodes straight-alpha RGBA pixels as a PNG file: greyscale when every pixel is opaque grey, else RGBA. */
export function encodePng(rgba: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  return writePng(scanlines(rgba, width, height));
}
