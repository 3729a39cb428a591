/**
 * `npm start`: the HTTP service on Bun. Opens (creating and migrating) the database, serves /v1,
 * sends the e-mail outbox, and on SIGTERM/SIGINT stops taking connections, lets in-flight requests
 * finish, finishes the mail in hand, then closes the database.
 */
import { deploymentProblems, loadConfig, redactedUrl } from "./config.ts";
import { openDatabase } from "./db/open.ts";
import { createApp, SERVE_MAX_REQUEST_BODY } from "./http/app.ts";
import { startHousekeeping } from "./accounts/housekeeping.ts";
import { startMailSender } from "./mail/sender.ts";
import { startPayments } from "./payments/service.ts";
import { workerRenderer } from "./rendering/renderer.ts";
import { runtime } from "./runtime.ts";
import { INTERFACE_VERSION, SOFTWARE_VERSION } from "./http/versions.ts";
import { siteMount } from "../site/server/routes.tsx";

// `--dev` (what `npm start` passes) is the same explicit development switch as SKHEMA_DEV=1.
const config = loadConfig(process.argv.includes("--dev") ? { ...process.env, SKHEMA_DEV: "1" } : process.env);
const problems = deploymentProblems(config);
if (problems.length > 0) {
  console.error(`skhema: not starting; this start lacks what a deployment needs (docs/deployment.md):\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
const database = await openDatabase(config.databaseUrl, config.databaseAuthToken, { checkpoints: "background" });
const mailer = startMailSender(database.db, config.mail);
const site = siteMount({ db: database.db, config, assets: runtime.assets });
const payments = startPayments(database.db, config.payments);
const housekeeping = startHousekeeping(database.db);
// The engine runs in these workers, never on this thread (the site's one example chart aside).
const renderer = workerRenderer(config.render);
const app = createApp({ db: database.db, config, assets: runtime.assets, renderer, afterBatch: runtime.collect, site, payments: payments.signal });

const server = runtime.serve({
  port: config.port,
  hostname: config.host,
  fetch: app.fetch,
  // Bodies are limited by the app (MAX_BODY_BYTES, MAX_BATCH_BODY_BYTES) with a JSON answer; Bun's own cap would answer a bare 413.
  maxRequestBodySize: SERVE_MAX_REQUEST_BODY,
  // A batch of 100 PDFs can take a few seconds; the default idle timeout (10 s) is too tight for slow clients.
  idleTimeout: 60,
});
console.log(
  `skhema ${SOFTWARE_VERSION} (HTTP interface ${INTERFACE_VERSION}): the site at ${config.origin}/, the API at ${config.origin}/v1 (its reference at /v1/docs); ` +
    `listening on http://${config.host}:${server.port} (database ${redactedUrl(config.databaseUrl)})`,
);
if (config.mail.toLog) console.log("skhema: development start without SMTP: e-mails (sign-in codes too) are printed to this log");

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`skhema: ${signal}, finishing in-flight requests`);
  const forced = setTimeout(() => server.stop(true), config.shutdownTimeoutMs);
  await server.stop(false);
  clearTimeout(forced);
  await payments.stop();
  housekeeping.stop();
  await mailer.stop();
  renderer.close();
  await database.checkpoints?.stop(); // its connection closed before the server's own
  database.close();
  console.log("skhema: stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
