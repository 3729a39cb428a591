/** The browser entry of test/support/drawio-model.ts: maxGraph's model loader and view on globalThis.mx. */
import { Graph, ModelXmlSerializer } from "@maxgraph/core";

(globalThis as unknown as { mx: unknown }).mx = { Graph, ModelXmlSerializer };
