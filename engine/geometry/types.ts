/**
 * Geometry: the laid-out chart every renderer draws from, and exactly what `format=json` returns.
 * All coordinates are absolute on the canvas, in millimetres, y pointing down.
 * Documented as JSON Schema in schemas/geometry.schema.json (keep both in step).
 */

export type ShapeKind =
  | "terminator"
  | "process"
  | "io"
  | "call"
  | "decision"
  | "hexagon"
  | "loop_begin"
  | "loop_end"
  | "connector"
  | "comment";

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface FontSpec {
  family: string;
  /** Size in points. */
  size: number;
}

export interface Shape extends Box {
  id: string;
  kind: ShapeKind;
  /** The wrapped text, one entry per line. */
  text: string[];
  /** The area the text must stay in. */
  textBox: Box;
  font: FontSpec;
  /** Source line of the statement this shape stands for, where known. */
  source?: number;
}

export interface Edge {
  id: string;
  /** Source shape id, or null when the line starts at a junction on another line. */
  from: string | null;
  /** Target shape id, or null when the line ends at a junction on another line. */
  to: string | null;
  /** The polyline, first to last point in flow direction; every segment horizontal or vertical. */
  points: Point[];
  /** True when an arrowhead is drawn at the last point. */
  arrow: boolean;
  /**
   * True for the dashed line joining a symbol to its comment (S10, L8): no flow line — it leaves
   * the symbol's right side and ends at the comment's bracket; never an arrowhead.
   */
  dashed?: boolean;
  /** Branch value of a decision exit (yes/no/case value). */
  label?: string;
  labelBox?: Box;
}

export interface Part {
  index: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** P8 continuation caption ("Рисунок 2, аркуш 2") of a part after the first, for page formats. */
  sheetCaption?: string;
  shapes: Shape[];
  edges: Edge[];
}

export interface Caption {
  text: string;
  /** Lines as wrapped to the caption width. */
  lines: string[];
  box: Box;
  font: FontSpec;
}

export interface ChartGeometry {
  name: string;
  main: boolean;
  figure: number;
  /** The size module a (symbol height, mm; drawing-rules G2) the whole chart is drawn with: 20, or 15 on pages when that keeps it on one page. */
  module: number;
  caption: Caption;
  /** Bounding box of the chart on the canvas (parts and caption). */
  x: number;
  y: number;
  width: number;
  height: number;
  parts: Part[];
}

export interface Geometry {
  unit: "mm";
  width: number;
  height: number;
  /** Stroke width of outlines and lines, mm. */
  stroke: number;
  font: FontSpec;
  charts: ChartGeometry[];
}
