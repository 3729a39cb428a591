/**
 * PNG encoder for the rasterised charts. resvg-wasm's own `asPng()` spends most of a render in its
 * encoder (≈1.5 s of 2 s for a 1300 × 17600 px chart). Here the zlib stream comes from the
 * Web-standard CompressionStream("deflate") (native zlib in Bun, Node ≥ 18, Deno and browsers; about
 * 20× faster than pure JS), with fflate as the fallback where it is missing. Charts are black on
 * white, so the pixels are written as 8-bit greyscale when every pixel is opaque grey (always, for
 * our renderers; a third of the size) and as RGBA otherwise, with the Up filter on every row (long
 * vertical lines, blank rows). Deterministic: the same pixels always give the same bytes.
 */
import { zlibSync } from "fflate";

async function zlib(data: Uint8Array): Promise<Uint8Array> {
  if (typeof CompressionStream === "undefined") return zlibSync(data, { level: 6 });
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array, start: number, end: number): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

/**
 * The pixels as one grey byte each, or null when some pixel is not opaque grey (r = g = b, alpha 255).
 * Reads 32-bit words: one comparison per pixel.
 */
function toGrey(rgba: Uint8Array): Uint8Array | null {
  const n = rgba.length >> 2;
  const words = rgba.byteOffset % 4 === 0 ? new Uint32Array(rgba.buffer, rgba.byteOffset, n) : new Uint32Array(rgba.slice().buffer);
  const grey = new Uint8Array(n);
  const le = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
  for (let i = 0; i < n; i++) {
    const w = words[i]!;
    const r = le ? w & 0xff : w >>> 24;
    if (w !== ((le ? 0xff000000 : 0xff) | (r * (le ? 0x010101 : 0x01010100))) >>> 0) return null;
    grey[i] = r;
  }
  return grey;
}

/**
 * Encodes RGBA pixels as a PNG file. The pixels are taken as straight alpha; resvg's are premultiplied,
 * which is the same thing for the opaque images of a render with a background.
 */
export async function encodePng(rgba: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  if (rgba.length !== width * height * 4) throw new RangeError(`expected ${width * height * 4} bytes of RGBA, got ${rgba.length}`);
  const grey = toGrey(rgba);
  const px = grey ?? rgba;
  const stride = grey ? width : width * 4;
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const o = y * (stride + 1);
    const src = y * stride;
    raw[o] = 2; // Up
    if (y === 0) {
      raw.set(px.subarray(0, stride), 1);
    } else {
      for (let i = 0; i < stride; i++) raw[o + 1 + i] = (px[src + i]! - px[src - stride + i]!) & 0xff;
    }
  }
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = grey ? 0 : 6; // colour type: greyscale / RGBA
  ihdr[10] = 0; // deflate
  ihdr[11] = 0; // adaptive filtering
  ihdr[12] = 0; // no interlace
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", await zlib(raw)),
    chunk("IEND", new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let pos = 0;
  for (const p of parts) {
    out.set(p, pos);
    pos += p.length;
  }
  return out;
}
