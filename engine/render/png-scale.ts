/** PNG zoom (interface.md §2.1 `scale`, 1 = 96 dpi): whole numbers in this range, 3 by default. */
export const PNG_SCALE = { min: 1, max: 10, default: 3 } as const;
