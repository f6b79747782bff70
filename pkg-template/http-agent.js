// @ts-check
// agui-wasm/http-agent: `HttpAgent` for the frameworks that take an
// `@ag-ui/client` agent (CopilotKit, assistant-ui, CopilotKit's runtime).
//
// It is a subclass of the application's own `@ag-ui/client` `HttpAgent` (a
// peer dependency, never bundled here), so `instanceof HttpAgent`, the
// TypeScript types and everything the base class does stay the
// application's; only runs go through the WebAssembly client, which parses,
// verifies and reduces the stream and calls the subscribers. Migrating is
// one line:
//
//   import { HttpAgent } from "agui-wasm/http-agent"; // was "@ag-ui/client"
//
// The fields frameworks read and write (`messages`, `state`, `threadId`,
// `agentId`, `headers`, ...) are accessors onto the client, so the base
// class's own methods (`addMessage`, `setMessages`, `clone`, `connectAgent`,
// `subscribe`) work on the same history, and a framework that edits
// `agent.messages` in place is heard at the next run.
import { AGUIError, HttpAgent as BaseHttpAgent } from "@ag-ui/client";
import { AgentClient } from "agui-wasm";

/**
 * Per agent: its client, made at first use, and what the base class
 * assigned before that (its constructor and `clone()` assign fields
 * before this class's constructor can run).
 * @typedef {{ client: AgentClient | null, early: Record<string, any>, connectUrl?: string, Client?: typeof AgentClient, baseRunning: boolean, baseCompletion?: Promise<void> }} Slot
 * @type {WeakMap<object, Slot>}
 */
const slots = new WeakMap();

/** @param {object} agent */
function slotOf(agent) {
  let s = slots.get(agent);
  if (!s) {
    s = { client: null, early: {}, baseRunning: false };
    slots.set(agent, s);
  }
  return s;
}

/** @param {any} agent */
function clientOf(agent) {
  const s = slotOf(agent);
  if (s.client) return s.client;
  const e = s.early;
  const Client = s.Client ?? AgentClient;
  const client = new Client({
    url: e.url ?? "",
    connectUrl: s.connectUrl,
    threadId: e.threadId,
    agentId: e.agentId,
    description: e.description,
    headers: e.headers,
    initialMessages: e.messages,
    initialState: e.state,
    // Read at each request, so an `agent.fetch` assigned later is used.
    fetch: (/** @type {any} */ url, /** @type {any} */ init) =>
      typeof agent.fetch === "function" ? agent.fetch(url, init) : fetch(url, init),
    // @ag-ui/client 1.0 names the protocol version in the body; 0.0.x did not.
    sendProtocolVersion: "maxProtocolVersion" in agent,
    // Callbacks receive the agent itself as `agent`, held weakly.
    agent: new WeakRef(agent),
  });
  if (Array.isArray(e.pendingInterrupts) && e.pendingInterrupts.length > 0) {
    client.pendingInterrupts = e.pendingInterrupts;
  }
  s.client = client;
  s.early = {};
  return client;
}

/** A field kept by the client. @param {string} name */
function forwarded(name) {
  return {
    /** @this {any} */
    get() {
      const s = slotOf(this);
      return s.client || !(name in s.early) ? /** @type {any} */ (clientOf(this))[name] : s.early[name];
    },
    /** @this {any} @param {any} value */
    set(value) {
      const s = slotOf(this);
      if (s.client) /** @type {any} */ (s.client)[name] = value;
      else s.early[name] = value;
    },
    configurable: true,
    enumerable: true,
  };
}

const FIELDS = ["messages", "state", "threadId", "agentId", "description", "url", "headers", "pendingInterrupts"];

/** An AGUIError of the application's own class, so `instanceof AGUIError` holds. @param {any} e */
function asAppError(e) {
  if (e && e.name === "AGUIError" && !(e instanceof AGUIError)) {
    const err = new AGUIError(e.message);
    err.stack = e.stack;
    return err;
  }
  return e;
}

/**
 * A run on the client, as HttpAgent starts one: a fresh `abortController`
 * (or the caller's), then the agent's subscribers and the run's own.
 * @param {any} agent
 * @param {"runAgent" | "connectAgent"} method
 * @param {any} parameters
 * @param {any} subscriber
 */
async function throughClient(agent, method, parameters, subscriber) {
  const client = clientOf(agent);
  agent.abortController = parameters?.abortController ?? new AbortController();
  const subscribers = subscriber ? [...agent.subscribers, subscriber] : [...agent.subscribers];
  try {
    return await client[method]({ ...parameters, abortController: agent.abortController }, /** @type {any} */ (subscribers));
  } catch (e) {
    throw asAppError(e);
  }
}

let warnedMiddleware = false;

export class HttpAgent extends BaseHttpAgent {
  /** @param {import("@ag-ui/client").HttpAgentConfig & { connectUrl?: string, client?: typeof AgentClient }} config */
  constructor(config) {
    super(config);
    const s = slotOf(this);
    if (config?.connectUrl) s.connectUrl = config.connectUrl;
    // `AgentClient` of `agui-wasm/proto`, to read protobuf responses too.
    if (config?.client) s.Client = config.client;
    // A base class built with define semantics for its fields would have
    // shadowed the accessors with own properties: take them over.
    for (const name of FIELDS) {
      const own = Object.getOwnPropertyDescriptor(this, name);
      if (own && "value" in own) {
        delete (/** @type {any} */ (this))[name];
        /** @type {any} */ (this)[name] = own.value;
      }
    }
  }

  /**
   * @param {any} [parameters]
   * @param {any} [subscriber]
   */
  async runAgent(parameters, subscriber) {
    if (this.middlewares.length > 0) {
      if (!warnedMiddleware) {
        warnedMiddleware = true;
        console.warn("[agui-wasm] HttpAgent has middleware (use()): runs take @ag-ui/client's own path, not the WebAssembly client");
      }
      return super.runAgent(parameters, subscriber);
    }
    return throughClient(this, "runAgent", parameters, subscriber);
  }

  /**
   * With a `connectUrl`, re-attaches through the client (POSTs the input
   * there and applies what the server replays); without one, HttpAgent's
   * own: no request.
   * @param {any} [parameters]
   * @param {any} [subscriber]
   */
  async connectAgent(parameters, subscriber) {
    const s = slotOf(this);
    if (!s.connectUrl || this.middlewares.length > 0) return super.connectAgent(parameters, subscriber);
    return throughClient(this, "connectAgent", parameters, subscriber);
  }

  async detachActiveRun() {
    const client = slotOf(this).client;
    if (client?.isRunning) return client.detachActiveRun();
    return super.detachActiveRun();
  }

  get isRunning() {
    const s = slotOf(this);
    return s.baseRunning || Boolean(s.client?.isRunning);
  }

  // The base class marks its own runs (connect without a URL, middleware).
  set isRunning(value) {
    slotOf(this).baseRunning = Boolean(value);
  }

  get activeRunCompletionPromise() {
    const s = slotOf(this);
    return s.client?.activeRunCompletionPromise ?? s.baseCompletion;
  }

  set activeRunCompletionPromise(value) {
    slotOf(this).baseCompletion = value;
  }

  /** @returns {this} */
  clone() {
    const copy = super.clone();
    const s = slotOf(this);
    Object.assign(slotOf(copy), { connectUrl: s.connectUrl, Client: s.Client });
    return copy;
  }
}

for (const name of FIELDS) Object.defineProperty(HttpAgent.prototype, name, forwarded(name));
