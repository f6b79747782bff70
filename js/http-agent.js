// @ts-check
// agui-wasm/http-agent: `HttpAgent` for the frameworks that take an
// `@ag-ui/client` agent (CopilotKit, assistant-ui, CopilotKit's runtime).
//
// It is the client's own class body over the application's own
// `@ag-ui/client` `HttpAgent` (a peer dependency, never bundled here), so
// `instanceof HttpAgent`, the TypeScript types and the base class's other
// methods stay the application's, and the fields and runs are the
// client's, written once. Migrating is one line:
//
//   import { HttpAgent } from "agui-wasm/http-agent"; // was "@ag-ui/client"
import { AGUIError, HttpAgent as BaseHttpAgent } from "@ag-ui/client";
import { AgentClient } from "agui-wasm";
import { agentClass, LOADER, slotOf } from "./client.js";

/** An AGUIError of the application's own class, so `instanceof AGUIError` holds. @param {any} e */
function asAppError(e) {
  if (e && e.name === "AGUIError" && !(e instanceof AGUIError)) {
    const err = new AGUIError(e.message);
    err.stack = e.stack;
    return err;
  }
  return e;
}

let warnedMiddleware = false;
let warnedLoad = false;

/** A .wasm that would not load: runs stay the base class's own, said once. @param {unknown} e */
function warnLoad(e) {
  if (warnedLoad) return;
  warnedLoad = true;
  console.warn("[agui-wasm] runs take @ag-ui/client's own path:", e instanceof Error ? e.message : e);
}

const Shell = agentClass(BaseHttpAgent, /** @type {any} */ (AgentClient)[LOADER], false);

export class HttpAgent extends Shell {
  /** @param {import("@ag-ui/client").HttpAgentConfig & { connectUrl?: string, client?: typeof AgentClient }} config */
  constructor(config) {
    super(config);
    const s = slotOf(this);
    // `AgentClient` of `agui-wasm/proto`, to read protobuf responses too.
    const chosen = /** @type {any} */ (config?.client)?.[LOADER];
    if (chosen && chosen !== s.loader) {
      s.loader = chosen;
      s.core = undefined;
    }
    // Read at each request, so an `agent.fetch` assigned later is used.
    s.fetchOption = (url, init) => /** @type {any} */ (this).fetch(url, init);
    // @ag-ui/client 1.0 names the protocol version in the body; 0.0.x did not.
    s.sendProtocolVersion = "maxProtocolVersion" in this;
  }

  /** @param {any} [parameters] @param {any} [subscriber] */
  async runAgent(parameters, subscriber) {
    if (/** @type {any} */ (this).middlewares?.length > 0) {
      if (!warnedMiddleware) {
        warnedMiddleware = true;
        console.warn("[agui-wasm] HttpAgent has middleware (use()): runs take @ag-ui/client's own path, not the WebAssembly client");
      }
      return BaseHttpAgent.prototype.runAgent.call(this, parameters, subscriber);
    }
    const s = slotOf(this);
    if (!s.loader.get()) {
      // The .wasm is not here yet (a page's first run): this run is the
      // base class's own, whose results are the reference's by
      // construction, so the page's first answer waits for no download;
      // the .wasm is fetched once it is over, for the runs after.
      try {
        return await BaseHttpAgent.prototype.runAgent.call(this, parameters, subscriber);
      } finally {
        s.loader.ready().catch(warnLoad);
      }
    }
    try {
      return await super.runAgent(parameters, subscriber);
    } catch (e) {
      throw asAppError(e);
    }
  }

  /** @param {any} [parameters] @param {any} [subscriber] */
  async connectAgent(parameters, subscriber) {
    if (/** @type {any} */ (this).middlewares?.length > 0) return BaseHttpAgent.prototype.connectAgent.call(this, parameters, subscriber);
    try {
      return await super.connectAgent(parameters, subscriber);
    } catch (e) {
      throw asAppError(e);
    }
  }
}
