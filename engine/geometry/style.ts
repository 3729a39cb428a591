/**
 * The drawing constants of drawing-rules.md §11 ("recommended default parameter set"), in mm and pt.
 * Layout sizes shapes with them and every renderer draws shape outlines from them, so all formats
 * agree on what a hexagon or a parallelogram looks like.
 */
export const A = 20; // module a: symbol height (G2)
export const B = 30; // symbol width b = 1.5a (G2)
export const B_WIDE = 40; // b = 2a, first widening step (G2)
export const WIDEN_STEP = 5; // further widening steps (G2)
export const MAX_SHAPE_WIDTH = 85; // page width / 2 (T5)

export const STROKE = 0.35; // one line weight for outlines and lines (G4)
export const ARROW_LENGTH = 3; // filled arrowhead (L2)
export const ARROW_WIDTH = 2;

export const TERMINATOR_HEIGHT = A / 2; // S1: b × 0.5a, ends are semicircles
export const CONNECTOR_DIAMETER = A / 2; // S8
export const IO_SKEW = A / 4; // S3: horizontal offset of the top edge against the bottom edge
export const CALL_INSET = 0.15 * A; // S4: inner vertical lines of the predefined process
export const HEXAGON_TIP = A / 4; // S6: (b − a)/2 at b = 1.5a; kept when a hexagon is widened
export const LOOP_CHAMFER = 0.2 * A; // S7: cut corners of loop-limit symbols
export const COMMENT_TICK = 3; // S10: bracket ticks
export const COMMENT_GAP = A / 2; // S10: from the symbol's side to the comment's bracket
export const COMMENT_TEXT_WIDTH = 80; // S10: comment text wraps at this width (wider only for one long token)
export const COMMENT_DASH = 3; // S10: dashed link, dash and gap
export const COMMENT_DASH_GAP = 1.5;

export const GAP = A / 2; // vertical gap between consecutive symbols (L7)
export const STUB = A / 4; // short stub below a vertex / above a join (L7)
export const COLUMN_GAP = A / 2; // horizontal gap between branch columns (L7)
export const LANE_CLEARANCE = 5; // lanes keep this distance from symbols and text (L7)
export const LANE_PITCH = 5; // distance between parallel lanes (L7)
export const TEXT_PADDING = 1.5; // inner padding of text areas (T4)

export const FONT_SIZE = 12; // pt, block text and branch labels (T3)
export const CAPTION_FONT_SIZE = 14; // pt (F5)
export const LINE_SPACING = 1.15; // line pitch / font size
export const PT = 25.4 / 72; // 1 pt in mm (G1)

export const LABEL_OFFSET = 1.5; // branch label distance from its line (D4)

/** Usable A4 area for one chart part, caption excluded (P7). */
export const PAGE_PART_WIDTH = 170;
export const PAGE_PART_HEIGHT = 230;
export const CANVAS_MARGIN = 5; // blank border around everything on an SVG/PNG canvas
export const PART_GAP = 15; // horizontal gap between parts that sit side by side on one canvas
export const CHART_GAP = 15; // vertical gap between charts on one canvas
export const CAPTION_GAP = 6; // between a chart's lowest part and its caption
