/** Per-chart state of the Python front-end: options, known callables, the node/depth limit guard. */
import type { ResolvedOptions, Texts } from "../../options.ts";
import type { RecoveryLog, StatementShapes } from "../recovery.ts";
import type { TextContext } from "./expressions/text.ts";

/** Statement lists and statements of Python trees (recovery.ts). */
export const PY_SHAPES: StatementShapes = {
  isList: (node) => node.type === "block" || node.type === "module",
  isStatement: (node) => /_statement$|_definition$/.test(node.type),
};

export interface BuildContext extends TextContext, RecoveryLog {
  options: ResolvedOptions;
  texts: Texts;
  /** Building the module-level (main) chart. */
  isMain: boolean;
  /** Names of functions (not methods) defined anywhere in the source. */
  functions: ReadonlySet<string>;
  /** Names of methods of classes defined in the source. */
  methods: ReadonlySet<string>;
  /** Nodes produced so far for this chart. */
  nodes: number;
}

export { ChartLimitError, at, checkDepth, countNode, emptyBlock, endText } from "../chart-context.ts";
