/** The contract every language front-end fulfils: source code in, chart tree + per-function errors out. */
import type { AssetLoader } from "../assets.ts";
import type { FunctionError } from "../errors.ts";
import type { ResolvedOptions } from "../options.ts";
import type { ChartTree } from "../tree/schema.ts";
import type { OmittedStatement } from "./setup.ts";

export interface FrontendResult {
  tree: ChartTree;
  errors: FunctionError[];
  /**
   * The class that is the program itself (Java/C#: the one holding `main`/`Main`): its methods'
   * captions and start terminators go without the class prefix (subprograms.ts).
   */
  programClass?: string;
}

/**
 * A front-end never throws for bad source: syntax errors and over-limit charts come back as
 * `errors` (one per affected function) while the other functions still appear in `tree`.
 */
export type Frontend = (code: string, options: ResolvedOptions, assets: AssetLoader) => Promise<FrontendResult>;

/** A front-end's result after the shared last passes (finish.ts): with the set-up it left out. */
export interface FinishedResult extends FrontendResult {
  omitted: OmittedStatement[];
}

export type FinishedFrontend = (code: string, options: ResolvedOptions, assets: AssetLoader) => Promise<FinishedResult>;
