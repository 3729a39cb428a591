/**
 * Share links of the playground (issue 28): the source, its language, the chosen function and the
 * options, compressed (deflate-raw, the browser's CompressionStream) into the URL's fragment. The
 * fragment never reaches the server: nothing is stored or sent, and the link works offline.
 */

/** What a link restores. */
export interface SharedChart {
  lang: string;
  code: string;
  fn?: string | undefined;
  /** The "Chart options" form's fields by name, as the form holds them. */
  form?: Record<string, string> | undefined;
}

/** The fragment's prefix: `#s=` + base64url of the compressed JSON (version 1). */
const PREFIX = "#s1=";
/**
 * The longest link made: messengers, mail clients and QR codes cut or refuse longer URLs well before
 * browsers do. About 25–40 KB of typical source compress into it.
 */
export const MAX_LINK_CHARS = 16_000;
/** The service's own limit of a source (interface.md §8): nothing longer is a chart to restore. */
const MAX_SOURCE_BYTES = 1024 * 1024 + 64 * 1024;

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

/** The link for `chart` on the page `base` (its fragment replaced), or null when it would be longer than MAX_LINK_CHARS. */
export async function shareLink(base: string, chart: SharedChart): Promise<string | null> {
  const json = new TextEncoder().encode(JSON.stringify(chart));
  const url = new URL(base);
  url.hash = "";
  const link = `${url.href}${PREFIX}${toBase64Url(await pipe(json, new CompressionStream("deflate-raw")))}`;
  return link.length <= MAX_LINK_CHARS ? link : null;
}

/** Whether a fragment is a share link's. */
export const isShareFragment = (hash: string) => hash.startsWith(PREFIX);

/** The chart a fragment holds, or null when it holds none (or a damaged one: a link cut short). */
export async function readShared(hash: string): Promise<SharedChart | null> {
  if (!isShareFragment(hash) || hash.length > MAX_LINK_CHARS) return null;
  try {
    // A link is at most MAX_LINK_CHARS, so deflate's ratio (≤ 1032:1) bounds what a crafted one inflates to.
    const bytes = await pipe(fromBase64Url(hash.slice(PREFIX.length)), new DecompressionStream("deflate-raw"));
    if (bytes.length > MAX_SOURCE_BYTES) return null;
    const value = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    if (!value || typeof value !== "object") return null;
    const { lang, code, fn, form } = value as Record<string, unknown>;
    if (typeof lang !== "string" || typeof code !== "string") return null;
    const fields = form && typeof form === "object" ? Object.fromEntries(Object.entries(form).filter((e): e is [string, string] => typeof e[1] === "string")) : undefined;
    return { lang, code, ...(typeof fn === "string" ? { fn } : {}), ...(fields ? { form: fields } : {}) };
  } catch {
    return null;
  }
}
