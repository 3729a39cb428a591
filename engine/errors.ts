/** Engine errors carry the stable codes of interface.md §7 so hosts can map them to HTTP statuses. */
export type EngineErrorCode = "unknown_lang" | "unknown_format" | "bad_request" | "render_failed";

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  /** When nothing could be drawn because of errors in the source: each one, with its line (an editor marks them). */
  readonly functionErrors: readonly FunctionError[];

  constructor(code: EngineErrorCode, message: string, functionErrors: readonly FunctionError[] = []) {
    super(message);
    this.code = code;
    this.functionErrors = functionErrors;
    this.name = "EngineError";
  }
}

/** A problem in one function of the source: the other functions still render. */
export interface FunctionError {
  /** Function name, or "" when the error is outside any function. */
  name: string;
  message: string;
  line?: number;
  col?: number;
  /**
   * The function is drawn all the same (issue 20): the statements the parser could not read are
   * process blocks with their source text. Absent when the function is missing from the charts.
   */
  recovered?: true;
}
