/**
 * `npm run dev:provider`: the fake Monobank on a loopback port, for trying the whole payment loop
 * offline (docs/payments.md). Prints the settings for `npm start`.
 */
import { startFakeMonobank } from "./fake.ts";

const port = Number(process.env.FAKE_MONOBANK_PORT || 8788);
const minCallIntervalMs = Number(process.env.FAKE_MONOBANK_MIN_CALL_INTERVAL_MS || 5000);
const token = "dev-token";
const fake = startFakeMonobank({ port, token, minCallIntervalMs, jars: [{ id: "dev-jar", sendId: "devJar", title: "Skhema (dev)" }] });

console.log(`fake Monobank listening on ${fake.url} (one call per ${minCallIntervalMs} ms per token)

Start the service against it (another terminal):

  MONOBANK_API_URL=${fake.url} MONOBANK_TOKEN=${token} MONOBANK_JAR_ID=dev-jar MONOBANK_JAR_SEND_ID=devJar \\
  MONOBANK_SEND_URL=${fake.url}/jar/ MONOBANK_MIN_CALL_INTERVAL_MS=${minCallIntervalMs} npm start

Buy something (POST /v1/topup answers a jarUrl and a comment code), then pay it — open the jarUrl in a
browser and press "Pay", or:

  curl -X POST ${fake.url}/fake/pay -H 'content-type: application/json' -d '{"comment":"SK-XXXXXXXX","amountKop":9000}'

The service's poller reads the statement within ${Math.round(minCallIntervalMs / 1000)} s and credits the account (GET /v1/me).
Calls so far: GET ${fake.url}/fake/calls`);

process.on("SIGINT", () => void fake.stop().then(() => process.exit(0)));
process.on("SIGTERM", () => void fake.stop().then(() => process.exit(0)));
