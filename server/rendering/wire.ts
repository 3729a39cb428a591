/**
 * How jobs and answers cross between the server's thread and a render worker (pool.ts). Bun copies a
 * flat message of strings and numbers on a fast path, but structured-clones nested objects field by
 * field: a small render's job and answer took ≈ 220 µs there and back as nested objects, ≈ 15–30 µs
 * as JSON text in a flat envelope (measured on the project's machine, issue 22). So a value travels
 * as its JSON text; the byte arrays in it (a source file's bytes, a PNG, a PDF, a zip, a laid-out
 * chart's geometry — jobs.ts) are lifted out and travel beside the text, each replaced there by its
 * index, and the receiver puts them back.
 *
 * The replacer that finds the byte arrays costs about three plain stringifies per value visited, so
 * large structures cross as bytes already (the geometry), never as objects to walk.
 */

export interface Envelope {
  json: string;
  /** The byte arrays lifted out of the value, in the order of their indexes; absent when there were none. */
  bytes?: Uint8Array[];
}

/** Stands in the JSON text for the byte array at this index of `bytes`. */
const MARK = "$bytes";

export function seal(value: unknown): Envelope {
  const bytes: Uint8Array[] = [];
  const json = JSON.stringify(value, (_key, v: unknown) => {
    if (!(v instanceof Uint8Array)) return v;
    bytes.push(v);
    return { [MARK]: bytes.length - 1 };
  });
  // JSON.stringify(undefined) is undefined: an answer of nothing still crosses as text.
  return bytes.length > 0 ? { json: json ?? "null", bytes } : { json: json ?? "null" };
}

export function open(envelope: Envelope): unknown {
  const { json, bytes } = envelope;
  if (!bytes) return JSON.parse(json); // no reviver: parsing stays at native speed
  return JSON.parse(json, (_key, v: unknown) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
    const index = (v as Record<string, unknown>)[MARK];
    return typeof index === "number" && Object.keys(v).length === 1 ? bytes[index] : v;
  });
}

/**
 * The buffers to transfer with an envelope (each once): its byte arrays move instead of being
 * copied. Only for a sender that never sends the same value again — a worker's answer; the pool
 * re-sends a job whose worker was replaced, so jobs are copied.
 */
export function transferable(envelope: Envelope): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const b of envelope.bytes ?? []) if (b.buffer instanceof ArrayBuffer) buffers.add(b.buffer);
  return [...buffers];
}
