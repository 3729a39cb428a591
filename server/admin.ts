/**
 * `npm run admin -- <command>`: operator tasks on the database the server uses (DATABASE_URL).
 * Output is JSON on stdout (easy to read, easy for scripts and tests); errors go to stderr, exit 1.
 */
import { parseArgs } from "node:util";
import { applyDelta, ledgerOf } from "./accounts/credits.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "./accounts/keys.ts";
import { createUser, findUserByEmail, setProUntil, type User } from "./accounts/users.ts";
import { loadConfig } from "./config.ts";
import { openDatabase, type Db } from "./db/open.ts";
import { OUTBOX_STATUSES, PAYMENT_STATUSES, type PaymentStatus } from "./db/schema.ts";
import { listOutbox, retryMail } from "./mail/outbox.ts";
import { CallBudget } from "./payments/budget.ts";
import type { MonobankConfig } from "./payments/config.ts";
import { MonobankClient } from "./payments/monobank.ts";
import { listItems, listPayments, resolveItem, ReviewError, type Decision } from "./payments/review.ts";

/** Each command's syntax and, where it needs one, a note: the usage page and the one-line hints. */
const SYNTAX: readonly (readonly [syntax: string, note?: string])[] = [
  ["user create --email E [--name N] [--credits C] [--pro-until 2027-01-31]"],
  ["user show --email E"],
  ["pro --email E --until 2027-01-31|none"],
  ["key create --email E [--name N]", "prints the key once; only its hash is stored"],
  ["key list --email E"],
  ["key revoke --id ID"],
  ["grant --email E --credits N [--note TEXT]", "N < 0 takes credits back (never below zero)"],
  ["ledger --email E [--limit N]"],
  ["payments list [--status pending|paid|expired] [--limit N]"],
  ["payments review [--all] [--limit N]", "statement items waiting for a decision (--all: every one not simply credited)"],
  ["payments resolve --item ID --note TEXT (--refuse | --credit [--payment ID] | --credit --email E --credits N)"],
  ["payments provider", "the token's accounts and jars (to find MONOBANK_JAR_ID / _SEND_ID)"],
  ["payments webhook --url URL", "asks the bank to POST new items to URL (…/hooks/monobank/<secret>)"],
  ["outbox [--status pending|failed|sent|all] [--limit N]", "e-mail not yet sent (default pending and failed)"],
  ["outbox retry --id ID", "sends a failed (or waiting) e-mail again, with fresh attempts"],
];

const USAGE = ["usage: npm run admin -- <command> [options]", ...SYNTAX.map(([syntax, note]) => `  ${note ? `${syntax.padEnd(42)} ${note}` : syntax}`)].join("\n");

class UsageError extends Error {}

const OPTIONS = {
  email: { type: "string" }, name: { type: "string" }, credits: { type: "string" }, "pro-until": { type: "string" },
  until: { type: "string" }, id: { type: "string" }, note: { type: "string" }, limit: { type: "string" }, help: { type: "boolean" },
  status: { type: "string" }, all: { type: "boolean" }, item: { type: "string" }, payment: { type: "string" }, refuse: { type: "boolean" },
  credit: { type: "boolean" }, url: { type: "string" },
} as const;

/**
 * One line after a refused command, not the whole usage (issue 24): the command's own usage line
 * when it is a known command, else where the list is.
 */
function hint(command: string | undefined): string {
  const known = SYNTAX.find(([syntax]) => commandOf(syntax) === command);
  return known ? `usage: npm run admin -- ${known[0]}` : "npm run admin -- --help lists the commands";
}

/** The command a syntax line is about: its words before the first option. */
function commandOf(syntax: string): string {
  const words = syntax.split(" ");
  const end = words.findIndex((w) => w.startsWith("-") || w.startsWith("["));
  return words.slice(0, end === -1 ? words.length : end).join(" ");
}

/** A refused command line: the reason and a one-line hint on stderr, exit 1. */
function usageExit(message: string, command?: string): never {
  console.error(`${message}\n${hint(command)}`);
  process.exit(1);
}

/**
 * parseArgs takes `--credits -5` for a missing value followed by an option; the usage promises
 * negative grants, so a negative number right after a value option is glued on as `--credits=-5`.
 */
function negativeValuesJoined(args: readonly string[]): string[] {
  const valueOptions = new Set(Object.entries(OPTIONS).flatMap(([name, o]) => (o.type === "string" ? [`--${name}`] : [])));
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    if (valueOptions.has(arg) && next !== undefined && /^-\d+$/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else {
      out.push(arg);
    }
  }
  return out;
}

function parseCommandLine() {
  try {
    return parseArgs({ args: negativeValuesJoined(process.argv.slice(2)), allowPositionals: true, options: OPTIONS });
  } catch (err) {
    // Unknown option, missing value: a message, not a stack trace.
    return usageExit(err instanceof Error ? err.message : String(err));
  }
}

const { positionals, values } = parseCommandLine();

function need(name: keyof typeof values): string {
  const value = values[name];
  if (typeof value !== "string" || value === "") throw new UsageError(`--${name} is required`);
  return value;
}

/** Decimal digits with an optional sign only: no "", "0x10", "1e3" or " 5". */
function wholeNumber(name: keyof typeof values, raw: string): number {
  const n = Number(raw);
  if (!/^[+-]?\d+$/.test(raw) || !Number.isSafeInteger(n)) throw new UsageError(`--${name} must be a whole number, got "${raw}"`);
  return n;
}

/** An ISO 8601 date or date-time (2027-01-31, 2027-01-31T12:00:00Z); loose forms like "5" are refused. */
function date(raw: string): Date {
  const d = new Date(raw);
  if (!/^\d{4}-\d{2}-\d{2}([T ]|$)/.test(raw) || Number.isNaN(d.getTime())) {
    throw new UsageError(`not a date: ${raw} (use e.g. 2027-01-31 or 2027-01-31T12:00:00Z)`);
  }
  return d;
}

async function userByEmail(db: Db): Promise<User> {
  const user = await findUserByEmail(db, need("email"));
  if (!user) throw new UsageError(`no user ${values.email}`);
  return user;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const shown = (u: User) => ({
  id: u.id, email: u.email, name: u.name, credits: u.credits,
  proUntil: u.proUntil === null ? null : new Date(u.proUntil).toISOString(), createdAt: new Date(u.createdAt).toISOString(),
});

function limit(): number {
  const n = values.limit === undefined ? 100 : wholeNumber("limit", values.limit);
  if (n < 1) throw new UsageError("--limit must be at least 1");
  return n;
}

function provider(): MonobankConfig {
  const monobank = config.payments.monobank;
  if (!monobank) throw new UsageError("the payment provider is not configured (MONOBANK_TOKEN, MONOBANK_JAR_ID, MONOBANK_JAR_SEND_ID)");
  return monobank;
}

async function run(db: Db, command: string): Promise<unknown> {
  switch (command) {
    case "user create": {
      const credits = values.credits === undefined ? 0 : wholeNumber("credits", values.credits);
      if (credits < 0) throw new UsageError("--credits must not be negative");
      const proUntil = values["pro-until"] === undefined ? undefined : date(values["pro-until"]);
      if (await findUserByEmail(db, need("email"))) throw new UsageError(`user ${values.email} exists already`);
      return shown(await createUser(db, { email: need("email"), name: values.name ?? "", credits, ...(proUntil ? { proUntil } : {}) }));
    }
    case "user show":
      return shown(await userByEmail(db));
    case "pro": {
      const user = await userByEmail(db);
      const until = need("until");
      await setProUntil(db, user.id, until === "none" ? null : date(until));
      return shown((await findUserByEmail(db, user.email))!);
    }
    case "key create": {
      const user = await userByEmail(db);
      return await createApiKey(db, user.id, values.name ?? "");
    }
    case "key list":
      return (await listApiKeys(db, (await userByEmail(db)).id)).map((k) => ({
        ...k, createdAt: new Date(k.createdAt).toISOString(),
        lastUsedAt: k.lastUsedAt && new Date(k.lastUsedAt).toISOString(), revokedAt: k.revokedAt && new Date(k.revokedAt).toISOString(),
      }));
    case "key revoke": {
      const id = wholeNumber("id", need("id"));
      if (!(await revokeApiKey(db, id))) throw new UsageError(`no active key with id ${id}`);
      return { revoked: id };
    }
    case "grant": {
      const user = await userByEmail(db);
      const credits = wholeNumber("credits", need("credits"));
      if (credits === 0) throw new UsageError("--credits must not be 0");
      const balance = await applyDelta(db, user.id, credits, "admin_grant", values.note ?? "");
      if (balance === null) throw new UsageError(`cannot take ${-credits} credits: the balance is ${user.credits}`);
      return { email: user.email, credits: balance };
    }
    case "ledger": {
      const user = await userByEmail(db);
      return (await ledgerOf(db, user.id, limit())).map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
    }
    case "outbox": {
      const status = values.status ?? "unsent";
      const statuses = status === "unsent" ? (["pending", "failed"] as const) : status === "all" ? OUTBOX_STATUSES : OUTBOX_STATUSES.filter((s) => s === status);
      if (statuses.length === 0) throw new UsageError(`--status must be pending, failed, sent or all, got "${status}"`);
      return (await listOutbox(db, statuses, limit())).map(({ text: _, html: __, claim: ___, ...mail }) => ({
        ...mail, createdAt: iso(mail.createdAt), nextAttemptAt: iso(mail.nextAttemptAt), leaseUntil: iso(mail.leaseUntil), sentAt: iso(mail.sentAt),
      }));
    }
    case "outbox retry": {
      const id = wholeNumber("id", need("id"));
      if (!(await retryMail(db, id))) throw new UsageError(`no unsent e-mail with id ${id}`);
      return { retrying: id };
    }
    case "payments list": {
      const status = values.status;
      if (status !== undefined && !PAYMENT_STATUSES.includes(status as PaymentStatus)) throw new UsageError(`--status must be one of ${PAYMENT_STATUSES.join(", ")}`);
      return await listPayments(db, { ...(status ? { status: status as PaymentStatus } : {}), limit: limit() });
    }
    case "payments review":
      return await listItems(db, { all: values.all === true, limit: limit() });
    case "payments resolve": {
      if (values.refuse === values.credit) throw new UsageError("give exactly one of --refuse and --credit");
      let decision: Decision;
      if (values.refuse) decision = { kind: "refuse" };
      else if (values.email !== undefined || values.credits !== undefined) decision = { kind: "credits", email: need("email"), credits: wholeNumber("credits", need("credits")) };
      else decision = { kind: "pay", ...(values.payment === undefined ? {} : { paymentId: wholeNumber("payment", values.payment) }) };
      try {
        return await resolveItem(db, need("item"), decision, need("note"));
      } catch (err) {
        if (err instanceof ReviewError) throw new UsageError(err.message);
        throw err;
      }
    }
    case "payments provider": {
      const monobank = provider();
      return await new CallBudget(db, monobank).call(() => new MonobankClient(monobank).clientInfo(), 2 * monobank.minCallIntervalMs + 5000);
    }
    case "payments webhook": {
      const monobank = provider();
      const url = need("url");
      await new CallBudget(db, monobank).call(() => new MonobankClient(monobank).setWebhook(url), 2 * monobank.minCallIntervalMs + 5000);
      return { webHookUrl: url };
    }
    default:
      throw new UsageError(`unknown command: ${command || "(none)"}`);
  }
}

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (positionals.length === 0) usageExit("no command given");
const config = loadConfig();
const database = await openDatabase(config.databaseUrl, config.databaseAuthToken);
const command = ["user", "key", "payments", "outbox"].includes(positionals[0]!) ? positionals.slice(0, 2).join(" ") : positionals[0]!;
try {
  console.log(JSON.stringify(await run(database.db, command), null, 2));
} catch (err) {
  console.error(err instanceof UsageError ? `${err.message}\n${hint(command)}` : `error: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  database.close();
}
