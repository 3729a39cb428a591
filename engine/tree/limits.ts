/**
 * Limits of interface.md §8 (native tree) — applied to every front-end's output as well. Apart from
 * the zod schema (engine/tree/schema.ts) so the front-ends read them without loading zod.
 */
export const TREE_LIMITS = { maxNodes: 2000, maxDepth: 100 } as const;

/**
 * The most characters one symbol's text (a statement, condition or case label) may have (issue 22).
 * Far above any real statement — the largest symbol, half a page wide and half a page tall, holds
 * about 800; a longer text is drawn as a short form and a comment — and low enough that no text
 * makes sizing, wrapping or rasterising one symbol costly. A chart of a source holding a longer one
 * is not drawn (a skipped function); a native tree holding one is refused (bad_request).
 */
export const MAX_SYMBOL_TEXT = 4000;

/** Why `text` cannot be a symbol's text, or null when it can. */
export function overlongText(text: string): string | null {
  if (text.length <= MAX_SYMBOL_TEXT) return null;
  return `a statement of ${text.length} characters (${JSON.stringify(text.slice(0, 40))}…), more than the ${MAX_SYMBOL_TEXT} one symbol may hold`;
}
