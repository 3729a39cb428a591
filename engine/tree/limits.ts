/**
 * Limits of interface.md §8 (native tree) — applied to every front-end's output as well. Apart from
 * the zod schema (engine/tree/schema.ts) so the front-ends read them without loading zod.
 */
export const TREE_LIMITS = { maxNodes: 2000, maxDepth: 100 } as const;
