/** The C front-end: C source → chart tree (mapping shared with C++ in ../c-family/). */
import { cFamilyFrontend } from "../c-family/frontend.ts";
import type { Frontend } from "../types.ts";

export const parseC: Frontend = cFamilyFrontend("tree-sitter-c.wasm");
