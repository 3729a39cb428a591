/**
 * zod's verdict on a request as sentences a person reads ("qty must be at least 1"), not zod's own
 * wording ("qty: Too small: expected number to be >=1", issue 24). One formatter for every place a
 * schema refuses input: the API's bad_request messages (server/http/validation.ts) and the engine's
 * options (engine/index.ts, which `skhema render --local` shows as they are). Only the text is
 * decided here; the error codes stay with the callers.
 */
import type { z } from "zod";

type Issue = z.core.$ZodIssue;

/** `items[0].lang`, `options.yes`: the path as a field name, under `root` when one is given. */
export function fieldName(path: readonly PropertyKey[], root = ""): string {
  let name = root;
  for (const p of path) name += typeof p === "number" ? `[${p}]` : name === "" ? String(p) : `.${String(p)}`;
  return name;
}

const plural = (n: number | bigint, one: string) => `${n} ${one}${n === 1 || n === 1n ? "" : "s"}`;

/** The noun for a size of a string or a list; null for numbers (and anything else compared by value). */
function unit(origin: string): string | null {
  if (origin === "string") return "character";
  if (origin === "array" || origin === "set") return "item";
  if (origin === "file") return "byte";
  return null;
}

const TYPE_WORDS: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "a JSON object",
  array: "a list",
  null: "null",
};

/** One issue as a sentence about the field it names. */
export function issueSentence(issue: Issue, root = ""): string {
  const field = fieldName(issue.path, root);
  const subject = field === "" ? "the request" : field;
  switch (issue.code) {
    case "too_small": {
      const noun = unit(issue.origin);
      if (noun === null) return `${subject} must be ${issue.inclusive === false ? "greater than" : "at least"} ${issue.minimum}`;
      if (issue.minimum === 1 && issue.inclusive !== false) return `${subject} must not be empty`;
      return `${subject} must have at least ${plural(issue.minimum, noun)}`;
    }
    case "too_big": {
      const noun = unit(issue.origin);
      if (noun === null) return `${subject} must be ${issue.inclusive === false ? "less than" : "at most"} ${issue.maximum}`;
      return `${subject} must have at most ${plural(issue.maximum, noun)}`;
    }
    case "invalid_type":
      // zod 4 keeps no "received" field, only its message; a field left out reads "received undefined".
      if (/received undefined$/.test(issue.message)) return `${subject} is missing`;
      return `${subject} must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case "invalid_value": {
      const values = issue.values.map((v) => JSON.stringify(v));
      return values.length === 1 ? `${subject} must be ${values[0]}` : `${subject} must be one of ${values.join(", ")}`;
    }
    case "invalid_format":
      if (issue.format === "email") return `${subject} must be an e-mail address`;
      if (issue.format === "url") return `${subject} must be a URL`;
      return `${subject} must be a valid ${issue.format}`;
    case "unrecognized_keys":
      return `${subject} has no field${issue.keys.length === 1 ? "" : "s"} ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}`;
    case "not_multiple_of":
      return `${subject} must be a multiple of ${issue.divisor}`;
    case "invalid_union":
      return `${subject} is not in any accepted form`;
    default:
      // Our own refinements ("give exactly one of code and url") are already sentences.
      return field === "" || issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`;
  }
}

/** Every issue, as sentences joined by "; ". */
export function issuesText(issues: readonly Issue[], root = ""): string {
  return issues.map((i) => issueSentence(i, root)).join("; ");
}
