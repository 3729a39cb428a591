/**
 * The two versions a user meets (issue 24: /v1/health said 1.0.0 while the CLI said 0.1.0, and
 * nothing said why). The interface's version is the contract of interface.md §9 — OpenAPI's
 * info.version, /v1/health's `version` — and changes only with it; the software's version is the
 * release of this repository (package.json) — the server's and the CLI's — and changes with every
 * release. /v1/health, GET /v1, the server's start log and `skhema --version` show both.
 */
// The default import: Deno (deno task start) and Node give a JSON module no named exports.
import pkg from "../../package.json" with { type: "json" };

export const INTERFACE_VERSION = "1.0.0";
export const SOFTWARE_VERSION: string = pkg.version;
