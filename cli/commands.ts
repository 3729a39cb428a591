/**
 * Every command and flag of `skhema`, described once: the argument parser, `skhema help <cmd>`,
 * the shell completions and docs/cli.md's command list all read this table. Only descriptions
 * live here; the commands' code is loaded on demand (cli/main.ts), so a start stays cheap.
 */
import type { Format, Lang } from "../engine/index.ts";
import { FONT_NAMES } from "../engine/fonts.ts";
import type { Options } from "../client/api.ts";

export interface Flag {
  name: string;
  short?: string;
  type: "string" | "boolean";
  /** May be given more than once (collected into an array). */
  multiple?: boolean;
  /** Placeholder in help, e.g. FORMAT. */
  value?: string;
  /** The value the service (or the CLI) uses when the flag is absent, for help only. */
  default?: string;
  /** The allowed values, offered by the shell completions. */
  values?: readonly string[];
  help: string;
}

export interface Command {
  name: string;
  summary: string;
  synopsis: readonly string[];
  description: string;
  flags: readonly Flag[];
  examples: readonly string[];
  /** Arguments are files (completion offers file names). */
  files?: boolean;
}

// Record<…, true> makes the compiler insist on every value of the engine's union.
const keys = <K extends string>(record: Record<K, true>) => Object.keys(record) as K[];
export const FORMATS = keys<Format>({ svg: true, png: true, pdf: true, docx: true, typst: true, excalidraw: true, json: true, drawio: true, vsdx: true });
export const LANGS = keys<Lang>({ python: true, c: true, cpp: true, java: true, csharp: true, pascal: true, javascript: true, typescript: true, go: true, php: true, native: true });
export const BATCH_FORMATS = ["svg", "png", "pdf", "typst", "excalidraw", "drawio", "vsdx"] as const;
export const REPORT_FORMATS = ["docx", "pdf", "typst"] as const;

/** One flag per engine option (interface.md §2.3), named in kebab case: singleEnd → --single-end. */
type OptionKind = { kind: "boolean" } | { kind: "integer" } | { kind: "string"; values?: readonly string[] };
export const OPTION_FLAGS: Record<keyof Options, OptionKind & { help: string }> = {
  locale: { kind: "string", values: ["uk", "en"], help: "language of the texts inserted into charts: uk (default) or en" },
  singleEnd: { kind: "boolean", help: "one shared End instead of one per exit" },
  mainOnlyTerminators: { kind: "boolean", help: "Start/End only for main; subprograms get Entry/Exit" },
  callAsProcess: { kind: "boolean", help: "draw a call of the program's own function as a process, not a subprogram" },
  stripTypes: { kind: "boolean", help: "remove type annotations from the texts" },
  returnAsIO: { kind: "boolean", help: "draw `return x` as an output block" },
  verbatim: { kind: "boolean", help: "draw every statement as written: keep runtime set-up (setlocale, system(\"pause\") …), no merged inputs" },
  figStart: { kind: "integer", help: "number of the first figure (default 1)" },
  forFormat: { kind: "string", values: ["comma", "range", "verbose"], help: "look of the counting loop: comma, range or verbose (Pro)" },
  yes: { kind: "string", help: "label of the yes branch (Pro)" },
  no: { kind: "string", help: "label of the no branch (Pro)" },
  inWord: { kind: "string", help: "word of input blocks (Pro)" },
  outWord: { kind: "string", help: "word of output blocks (Pro)" },
  startText: { kind: "string", help: "Start terminator of the main function (Pro)" },
  endText: { kind: "string", help: "End terminator of the main function (Pro)" },
  entryText: { kind: "string", help: "Entry terminator of subprograms (Pro)" },
  exitText: { kind: "string", help: "Exit terminator of subprograms (Pro)" },
  returnWord: { kind: "string", help: "word before a returned value (Pro)" },
  forEachWord: { kind: "string", help: "separator of a foreach loop (Pro)" },
  capWord: { kind: "string", help: "caption word (Pro)" },
  capFormat: { kind: "string", help: "caption template with {word}, {num}, {text} (Pro)" },
};

/**
 * singleEnd → single-end, returnAsIO → return-as-io: a run of capitals after a lower-case letter or
 * digit becomes `-` and the run in lower case. A loop, not a replace with a callback: every start
 * names all 20 option flags, and in a fresh process the replace took ≈ 140 µs against ≈ 40 µs
 * for the 40 calls of a `render` (issue 14).
 */
export function kebab(name: string): string {
  let out = "";
  let run = false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 65 || c > 90) run = false;
    else if (!run && i > 0) {
      const before = name.charCodeAt(i - 1);
      run = (before >= 97 && before <= 122) || (before >= 48 && before <= 57);
      if (run) out += "-";
    }
    out += run ? String.fromCharCode(c + 32) : name[i];
  }
  return out;
}

const optionFlags: Flag[] = (Object.entries(OPTION_FLAGS) as [keyof Options, OptionKind & { help: string }][]).map(([name, o]) => ({
  name: kebab(name),
  type: o.kind === "boolean" ? "boolean" : "string",
  ...(o.kind === "integer" ? { value: "N" } : o.kind === "string" ? { value: o.values ? o.values.join("|") : "TEXT" } : {}),
  ...(o.kind === "string" && o.values ? { values: o.values } : {}),
  help: `options.${name}: ${o.help}`,
}));

const GLOBAL: Flag[] = [
  { name: "help", short: "h", type: "boolean", help: "show this page" },
  { name: "api-url", type: "string", value: "URL", help: "service URL for this call (over SKHEMA_API_URL and the config file)" },
  { name: "no-retry", type: "boolean", help: "fail at once on rate_limited instead of waiting for Retry-After (at most 3 tries, 60 s each)" },
];

const json: Flag = { name: "json", type: "boolean", help: "print the JSON answer on stdout (errors as {error, code, exit})" };
const output: Flag = {
  name: "output",
  short: "o",
  type: "string",
  value: "PATH",
  help: "where to write: a file, an existing folder (or one ending in /) for the answer's own name, or - for stdout. Default: the answer's name in the current folder",
};

const REQUEST: Flag[] = [
  { name: "lang", type: "string", value: "LANG", values: LANGS, help: `source language: ${LANGS.join(", ")}. Default: from the file extension` },
  { name: "fn", type: "string", value: "NAME", help: "render only the function with this name" },
  { name: "split", type: "boolean", help: "split tall charts into parts joined by connectors (default for docx, pdf, typst, drawio, vsdx)" },
  { name: "no-split", type: "boolean", help: "keep every chart on one continuous sheet" },
  { name: "scale", type: "string", value: "N", default: "3", help: "PNG zoom, 1-10" },
  { name: "fragment", type: "boolean", help: "Typst: only the CeTZ canvas code, no document preamble" },
  { name: "font", type: "string", value: "NAME", values: FONT_NAMES, default: "Times New Roman", help: `text font: ${FONT_NAMES.join(", ")}` },
  { name: "options", type: "string", value: "JSON", help: "engine options as a JSON object (interface.md §2.3); the flags below override its fields" },
];

const renderCommand: Command = {
  name: "render",
  summary: "render one source to a flowchart (POST /render)",
  synopsis: ["skhema render FILE [flags]", "skhema render - --lang LANG [flags]  (source on stdin)", "skhema render --url URL [flags]", "skhema render FILE --local [flags]"],
  description:
    "Sends the source to the service and writes the chart it answers. Every chart costs 1 credit. " +
    "The language comes from the file extension unless --lang is given; with - the source is read from standard input and --lang is needed. " +
    "With --local (and automatically when no key is configured, with a note on stderr) the chart is drawn in this process by the engine: no network, no credits; " +
    "the custom text options then need no Pro. The file name comes from the answer (the source's name with the format's extension).",
  flags: [
    { name: "format", short: "f", type: "string", value: "FORMAT", values: FORMATS, default: "svg", help: `output format: ${FORMATS.join(", ")}; without it, the one -o's extension names` },
    ...REQUEST,
    { name: "url", type: "string", value: "URL", help: "fetch the source from this link (raw GitHub, gist, GitLab, Bitbucket, Codeberg) instead of a file" },
    output,
    json,
    { name: "local", type: "boolean", help: "render in this process with the engine: no key, no network, no credits" },
    { name: "link", type: "boolean", help: "also keep the file at a temporary public link (an hour; anyone with it can fetch it) and print it" },
    ...optionFlags,
    ...GLOBAL,
  ],
  examples: [
    "skhema render lab.py -f docx",
    "skhema render lab.py -f pdf --link",
    "skhema render main.c -f png --scale 2 -o chart.png",
    "cat lab.py | skhema render - --lang python -o - > lab.svg",
    "skhema render --url https://github.com/owner/repo/blob/main/lab1.py --json",
    "skhema render lab.py --local --locale en --single-end",
  ],
  files: true,
};

const batchCommand: Command = {
  name: "batch",
  summary: "render up to 100 sources into one PDF or zip (POST /render/batch)",
  synopsis: ["skhema batch FILE... [flags]", "skhema batch --url URL [--url URL...] [flags]"],
  description:
    "Sends every file (its name is kept, so the language comes from its extension) and every --url as one batch. " +
    "format=pdf gives one multi-page PDF unless --bundle zip; the other formats give a zip with one file per item. " +
    "A failed item does not fail the others and is not charged; its error is printed on stderr. " +
    "On a terminal a progress bar shows the items sent and the bytes received; nothing extra is printed when stderr is not a terminal.",
  flags: [
    { name: "format", short: "f", type: "string", value: "FORMAT", values: BATCH_FORMATS, default: "svg", help: `output format: ${BATCH_FORMATS.join(", ")}` },
    { name: "bundle", type: "string", value: "pdf|zip", values: ["pdf", "zip"], help: "bundle kind; default pdf for format pdf, else zip" },
    ...REQUEST,
    { name: "url", type: "string", multiple: true, value: "URL", help: "a source link; may be repeated" },
    output,
    json,
    ...optionFlags,
    ...GLOBAL,
  ],
  examples: ["skhema batch labs/*.c -f pdf", "skhema batch a.py b.py -f svg -o out/", "skhema batch *.py --json | jq .items"],
  files: true,
};

const reportCommand: Command = {
  name: "report",
  summary: "the whole assignment as one document: listings and flowcharts (POST /render/report)",
  synopsis: ["skhema report FILE... [-o report.docx] [flags]", "skhema report FILE... --local [flags]"],
  description:
    "Makes one report document of the files, in the report guide's page setup (A4, margins 25/10/20/20 mm, Times New Roman 14, page numbers): " +
    "«ДОДАТОК А – Лістинг програми» with each file's numbered listing, then «ДОДАТОК Б – Схеми алгоритмів» with every chart as a captioned figure " +
    "(«Рисунок Б.1 – Схема алгоритму функції main()», «Продовження рисунка Б.1» over a continuation), one block size in every chart; --inline puts a section per file instead. " +
    "Every chart costs 1 credit, listings nothing; a file that cannot be drawn is named in the document in its place and on stderr. " +
    "With --local (and automatically when no key is configured) the document is made in this process: no network, no credits. See docs/report.md.",
  flags: [
    { name: "format", short: "f", type: "string", value: "FORMAT", values: REPORT_FORMATS, default: "docx", help: "docx (native, editable Word shapes), pdf or typst; without it, the one -o's extension names" },
    { name: "lang", type: "string", value: "LANG", values: LANGS, help: "source language of every file. Default: from each file's extension" },
    { name: "fn", type: "string", value: "NAME", help: "only the function with this name, in every file" },
    { name: "font", type: "string", value: "NAME", values: FONT_NAMES, default: "Times New Roman", help: `the charts' font: ${FONT_NAMES.join(", ")}` },
    { name: "options", type: "string", value: "JSON", help: "engine options as a JSON object (interface.md §2.3); the flags below override its fields" },
    { name: "inline", type: "boolean", help: "a section per file («1 Файл main.cpp», «Лістинг 1.1», «Рисунок 1.1») instead of appendices" },
    { name: "no-listings", type: "boolean", help: "leave the listings out (the charts' appendix is then А)" },
    { name: "em-dash", type: "boolean", help: "captions with an em dash «—» instead of the en dash «–»" },
    { name: "short-word", type: "boolean", help: "captions say «Рис.» instead of «Рисунок»" },
    { name: "first-appendix", type: "string", value: "LETTER", default: "А", help: "letter of the first appendix (Ґ Є З І Ї Й О Ч Ь are not used)" },
    { name: "first-section", type: "string", value: "N", default: "1", help: "--inline: the first file's section number" },
    { name: "first-figure", type: "string", value: "N", default: "1", help: "number of the first figure (and listing) in its appendix or section" },
    { name: "title", type: "string", value: "TEXT", help: "the assignment's title (the document's title; --inline: its heading)" },
    { name: "student", type: "string", value: "NAME", help: "the student's name (the document's author; --inline: under the heading)" },
    { name: "group", type: "string", value: "GROUP", help: "the student's group (--inline: under the heading)" },
    { name: "variant", type: "string", value: "N", help: "the variant (--inline: under the heading)" },
    output,
    json,
    { name: "local", type: "boolean", help: "make the report in this process with the engine: no key, no network, no credits" },
    ...optionFlags,
    ...GLOBAL,
  ],
  examples: ["skhema report lab3/*.cpp -o lab3.docx", "skhema report main.py util.py -f pdf --inline --first-section 2", "skhema report *.c --local --no-listings --short-word"],
  files: true,
};

export const COMMANDS: readonly Command[] = [
  renderCommand,
  batchCommand,
  reportCommand,
  {
    name: "me",
    summary: "show the account: e-mail, credits, Pro (GET /me)",
    synopsis: ["skhema me [--json]"],
    description: "Prints the account the key belongs to, its credit balance and Pro status.",
    flags: [json, ...GLOBAL],
    examples: ["skhema me", "skhema me --json | jq .credits"],
  },
  {
    name: "products",
    summary: "show the price catalog (GET /products)",
    synopsis: ["skhema products [--json]"],
    description: "Lists the credit packs and Pro tiers with their ids (for skhema topup), and the price of one credit.",
    flags: [json, ...GLOBAL],
    examples: ["skhema products"],
  },
  {
    name: "topup",
    summary: "create a payment link for credits or Pro (POST /topup)",
    synopsis: ["skhema topup --kind credits_unit --qty N [--wait]", "skhema topup --kind credits|pro --id ID [--wait]"],
    description:
      "Creates a pending payment and prints its jar link with a QR code to scan with a phone (the QR code only on a terminal). " +
      "Credits or Pro arrive about a minute after paying; with --wait the command polls GET /me until they do.",
    flags: [
      { name: "kind", type: "string", value: "KIND", values: ["credits_unit", "credits", "pro"], help: "credits_unit (any quantity), credits (a pack) or pro (a Pro tier)" },
      { name: "id", type: "string", value: "ID", help: "pack or Pro tier id from skhema products (kind credits and pro)" },
      { name: "qty", type: "string", value: "N", help: "credits to buy, 2-200 (kind credits_unit)" },
      { name: "wait", type: "boolean", help: "poll GET /me until the credits or Pro arrive" },
      { name: "interval", type: "string", value: "SECONDS", default: "10", help: "--wait: seconds between polls" },
      { name: "timeout", type: "string", value: "SECONDS", default: "900", help: "--wait: give up (exit 9) after this long" },
      json,
      ...GLOBAL,
    ],
    examples: ["skhema topup --kind credits_unit --qty 20 --wait", "skhema topup --kind pro --id 1"],
  },
  {
    name: "gift",
    summary: "give credits to someone by e-mail (POST /gift)",
    synopsis: ["skhema gift --email ADDRESS --qty N"],
    description: "Moves N credits (1-1000, at most your balance) to the account of ADDRESS; an account is created if there is none. The recipient gets an e-mail.",
    flags: [
      { name: "email", type: "string", value: "ADDRESS", help: "the recipient's e-mail" },
      { name: "qty", type: "string", value: "N", help: "credits to give, 1-1000" },
      json,
      ...GLOBAL,
    ],
    examples: ["skhema gift --email friend@example.com --qty 10"],
  },
  {
    name: "openapi",
    summary: "print the OpenAPI description (GET /openapi.json, no key)",
    synopsis: ["skhema openapi [-o FILE]"],
    description: "Writes the service's OpenAPI 3.1 document (to stdout unless -o names a file).",
    flags: [output, ...GLOBAL],
    examples: ["skhema openapi | jq .paths"],
  },
  {
    name: "login",
    summary: "check an API key with GET /me and save it",
    synopsis: ["skhema login [--api-key rk_...] [--api-url URL]"],
    description:
      "Saves the key (and the service URL) in the config file after GET /me accepted it. Without --api-key the key is read from stdin " +
      "(a prompt on a terminal), so it stays out of the shell history.",
    flags: [{ name: "api-key", type: "string", value: "KEY", help: "the rk_... key from your account page" }, json, ...GLOBAL],
    examples: ["skhema login", "echo \"$KEY\" | skhema login --api-url https://skhema.example/v1"],
  },
  {
    name: "logout",
    summary: "remove the saved key",
    synopsis: ["skhema logout"],
    description: "Deletes the key from the config file (the service URL stays). SKHEMA_API_KEY, if set, still applies.",
    flags: GLOBAL,
    examples: ["skhema logout"],
  },
  {
    name: "config",
    summary: "show or change the settings",
    synopsis: ["skhema config [--json]", "skhema config path", "skhema config set url URL", "skhema config unset url"],
    description: "Shows the service URL and the key (masked) in force and where each comes from: flag, environment, config file or default.",
    flags: [json, ...GLOBAL],
    examples: ["skhema config", "skhema config set url http://localhost:8787/v1"],
  },
  {
    name: "mcp",
    summary: "run the MCP tool server on stdio",
    synopsis: ["skhema mcp"],
    description:
      "Serves the tools render_flowchart, balance, products, topup_link and gift_credits over the Model Context Protocol on stdin/stdout, " +
      "with the key and URL of the config file or the environment. Meant to be started by an MCP client (see docs/mcp.md).",
    flags: GLOBAL,
    examples: ["skhema mcp"],
  },
  {
    name: "completion",
    summary: "print a shell completion script",
    synopsis: ["skhema completion bash|zsh|fish"],
    description: "Prints the completion script for the shell; see EXAMPLES for where to put it.",
    flags: [{ name: "help", short: "h", type: "boolean", help: "show this page" }],
    examples: [
      "skhema completion bash > ~/.local/share/bash-completion/completions/skhema",
      "skhema completion zsh > \"${fpath[1]}/_skhema\"",
      "skhema completion fish > ~/.config/fish/completions/skhema.fish",
    ],
  },
  {
    name: "help",
    summary: "show the manual of a command",
    synopsis: ["skhema help [COMMAND]"],
    description: "Without a command: the overview, the environment, the files and the exit status.",
    flags: [],
    examples: ["skhema help render"],
  },
];

export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}
