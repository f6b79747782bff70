// @ts-check
// `AgentClient`: the reference's `HttpAgent` contract, in JavaScript, over
// the synchronous WebAssembly core. It owns what is naturally JavaScript
// (fetch, streams, abort, timers, subscribers, the fields frameworks read
// and write); the core owns the protocol (parsing, verification, the
// reducer, the callback rules) and the JavaScript copies of messages and
// state.
//
// The same class body serves `agui-wasm`'s `AgentClient` and
// `agui-wasm/http-agent`'s `HttpAgent` (a subclass of the application's own
// `@ag-ui/client` `HttpAgent`): `agentClass(Base, loader)`.
//
// A client works before its WebAssembly is there: it keeps its history,
// state and interrupts as JavaScript values until a core is made from
// them (when the module is loaded and something needs one), and makes one
// again from them after the module had to be restarted.
import { agentError } from "./errors.js";
import { uuid } from "./ids.js";
import { isTrap } from "./load.js";
import { announce } from "./rounds.js";

/** @typedef {import("./load.js").Loader} Loader */
/** @typedef {import("./dist/agui_wasm.js").Core} Core */

/** The class of a build, for the clients it makes (`agui-wasm/proto`'s reads protobuf too). */
export const LOADER = Symbol.for("agui-wasm.loader");
/** The class's own `prepareRunAgentInput`: one that differs (patched on an instance, as assistant-ui does, or overridden) writes the run's input. */
export const OWN_PREPARE = Symbol.for("agui-wasm.prepareRunAgentInput");

/**
 * Everything a client keeps, beside the fields the base class keeps.
 * Held apart from the object (a `WeakMap`), so that a base class
 * constructor that assigns `messages` or `url` before this class's
 * constructor body runs finds it.
 * @typedef {ReturnType<typeof newSlot>} Slot
 */

/** @type {WeakMap<object, Slot>} */
const slots = new WeakMap();

/** @param {any} agent */
export function slotOf(agent) {
  let s = slots.get(agent);
  if (!s) {
    s = newSlot(agent.constructor?.[LOADER]);
    slots.set(agent, s);
  }
  return s;
}

/** @param {Loader} loader */
function newSlot(loader) {
  const s = {
    loader,
    url: "",
    /** @type {string | undefined} */
    connectUrl: undefined,
    /** @type {any} */
    headers: undefined,
    /** @type {string | undefined} */
    threadId: undefined,
    /** @type {string | undefined} */
    agentId: undefined,
    description: "",
    /** @type {((url: string, init: RequestInit) => Promise<Response>) | undefined} */
    fetchOption: undefined,
    /** `[maxEventSize, maxStateSize]`; NaN for the default. */
    limits: [NaN, NaN],
    /** `maxEnforcedEntries`: the most container entries one event or outgoing input may hold. */
    maxEntries: DEFAULT_MAX_ENFORCED_ENTRIES,
    batching: 0,
    debug: false,
    acceptProtobuf: false,
    sendProtocolVersion: true,
    /** @type {WeakRef<object> | undefined} */
    agentRef: undefined,
    /** @type {Core | undefined} */
    core: undefined,
    generation: -1,
    /** Why a core could not be made from the copies (a run then fails with it). */
    /** @type {unknown} */
    broken: undefined,
    /**
     * The JavaScript copies: the values before a core exists, and the last
     * ones read from it after (what a client keeps if the module restarts).
     */
    copy: {
      /** @type {any[]} */
      messages: [],
      handedOut: false,
      /** @type {any} */
      state: {},
      /** The state's JSON, when that is all there is of it. @type {string | undefined} */
      stateText: undefined,
      /** @type {any[]} */
      interrupts: [],
    },
    running: false,
    baseRunning: false,
    /** @type {Promise<void> | undefined} */
    baseCompletion: undefined,
    /** @type {{ completion: Promise<void>, detached: boolean, ctx: any } | null} */
    active: null,
    controller: new AbortController(),
    /** @type {Set<() => void>} */
    abortWatchers: new Set(),
    /** @param {any} agent */
    self(agent) {
      return s.agentRef?.deref() ?? agent;
    },
    /**
     * The core, made from the copies if there is none of this instance of
     * the module yet; `undefined` while the module is not loaded.
     * @param {any} agent
     */
    coreNow(agent) {
      const glue = s.loader.get();
      if (!glue) return undefined;
      if (s.core && s.generation === s.loader.generation) return s.core;
      s.core = undefined;
      try {
        s.core = s.loader.runs().made(glue, s);
        s.generation = s.loader.generation;
        s.broken = undefined;
      } catch (e) {
        if (isTrap(e)) restart(s);
        else s.broken = e;
      }
      void agent;
      return s.core;
    },
    /** The core, loading the module first if it must. @param {any} agent @returns {Promise<Core>} */
    async coreFor(agent) {
      await s.loader.load();
      const core = s.coreNow(agent);
      if (!core) throw s.broken ?? agentError("AgentError", "the WebAssembly module could not be used");
      s.loader.runs().takeEdits(core);
      return core;
    },
    /** The history from `core`, kept as the copy. @param {Core} core */
    messagesOf(core) {
      return (s.copy.messages = core.messages());
    },
    /** The state from `core`, kept as the copy. @param {Core} core */
    stateOf(core) {
      s.copy.stateText = undefined;
      return (s.copy.state = core.state());
    },
    /** @param {any} agent @param {string} text @param {string} what */
    setMessagesText(agent, text, what) {
      const core = s.coreNow(agent);
      if (core) {
        core.setMessages(text, what);
        s.copy.messages = core.messages();
      } else {
        s.copy.messages = JSON.parse(text);
        s.copy.handedOut = false;
      }
    },
    /** @param {string} text @param {string} what */
    setStateText(text, what) {
      if (s.core && s.generation === s.loader.generation) s.core.setState(text, what);
      s.copy.state = undefined;
      s.copy.stateText = text;
    },
  };
  return s;
}

/**
 * After a trap: a new instance of the module for every client; this one's
 * core goes with the old.
 * @param {Slot} s
 */
export function restart(s) {
  s.loader.restart();
  s.core = undefined;
}

/**
 * `f()` on the core; a trap restarts the module and is said as an
 * `AgentError`; the core's own errors go through as they are.
 * @template T @param {Slot} s @param {() => T} f @returns {T}
 */
function guarded(s, f) {
  try {
    return f();
  } catch (e) {
    if (!isTrap(e)) throw e;
    restart(s);
    throw agentError("AgentError", `the WebAssembly module failed (${e instanceof Error ? e.message : String(e)}) and was restarted; the client keeps the history it last handed out`, { cause: e });
  }
}

/**
 * A copy of the client's subscribers (none yet while a base class's
 * constructor or `clone` is still assigning fields).
 * @param {any} agent @returns {any[]}
 */
export function subscribersOf(agent) {
  return Array.isArray(agent.subscribers) ? [...agent.subscribers] : [];
}

/**
 * The reference's default `maxEnforcedEntries`; the core's own default is
 * the same number (`DEFAULT_MAX_ENTRIES` in src/core/decode.rs, held to
 * this one by tests/error_names.rs).
 */
export const DEFAULT_MAX_ENFORCED_ENTRIES = 1_000_000;

/**
 * A `maxEnforcedEntries` as the reference takes it: a positive integer, or
 * `Infinity` for no limit; `undefined` for the default. Anything else
 * (0, a negative number, NaN) is refused where it is given, not mid-run.
 * @param {unknown} v @returns {number}
 */
function entriesLimit(v) {
  if (v === undefined) return DEFAULT_MAX_ENFORCED_ENTRIES;
  if (v === Infinity || (Number.isSafeInteger(v) && /** @type {number} */ (v) > 0)) return /** @type {number} */ (v);
  throw agentError("TypeError", `invalid maxEnforcedEntries ${String(v)}: expected a positive integer, or Infinity to disable the limit`);
}

/** A JSON text of `v` for `what`, or the TypeError that it has none. @param {unknown} v @param {string} what */
function json(v, what) {
  let text;
  try {
    text = JSON.stringify(v);
  } catch (e) {
    throw agentError("TypeError", `invalid ${what}: not representable as JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (text === undefined) throw agentError("TypeError", `invalid ${what}: not representable as JSON`);
  return text;
}

/** @param {any} v */
const optString = (v) => (v === undefined || v === null ? undefined : String(v));

/**
 * `"chunk"`, `"event"` or `{ throttleMs }` as the core's code.
 * @param {unknown} v
 */
function batchingCode(v) {
  if (v === undefined || v === null || v === "chunk") return 0;
  if (v === "event") return 1;
  const ms = /** @type {any} */ (v)?.throttleMs;
  if (typeof ms === "number" && ms >= 0) return 2 + ms;
  throw agentError("TypeError", 'batching must be "chunk", "event" or { throttleMs: number }');
}

/**
 * Options that are the client's own (HttpAgent's own are its base class's).
 * @param {Slot} s @param {any} config
 */
function configure(s, config) {
  if (config === null || typeof config !== "object") return;
  const num = (/** @type {string} */ k) => {
    const v = config[k];
    if (v === undefined || v === null) return NaN;
    if (typeof v !== "number") throw agentError("TypeError", `invalid AgentClient options: ${k} must be a number`);
    return v;
  };
  s.limits = [num("maxEventSize"), num("maxStateSize")];
  s.maxEntries = entriesLimit(config.maxEnforcedEntries);
  s.batching = batchingCode(config.batching);
  if (config.connectUrl !== undefined && config.connectUrl !== null) s.connectUrl = String(config.connectUrl);
  if (typeof config.fetch === "function") s.fetchOption = config.fetch;
  else if (config.fetch !== undefined && config.fetch !== null) throw agentError("TypeError", "fetch must be a function");
  s.debug = config.debug === true;
  s.acceptProtobuf = config.acceptProtobuf === true;
  if (config.sendProtocolVersion === false) s.sendProtocolVersion = false;
  if (config.agent && typeof config.agent.deref === "function") s.agentRef = config.agent;
}

/**
 * `addMessage(s)`: each object kept in the array, then announced as the
 * reference announces it: each message, each tool call an assistant
 * message carries, then one onMessagesChanged.
 * @param {any} agent @param {any[]} objects @param {string} what
 */
function add(agent, objects, what) {
  const s = slotOf(agent);
  const text = json(objects, what);
  const core = s.coreNow(agent);
  if (core) {
    guarded(s, () => {
      s.loader.runs().takeEdits(core);
      core.addMessages(text, objects, what);
    });
  } else {
    JSON.parse(text);
    s.copy.messages = [...s.copy.messages, ...objects];
    s.copy.handedOut = false;
  }
  /** @type {[string, () => object][]} */
  const steps = [];
  for (const m of objects) {
    steps.push(["onNewMessage", () => ({ ...localParams(agent), message: m })]);
    if (m?.role === "assistant" && Array.isArray(m.toolCalls)) {
      for (const toolCall of m.toolCalls) steps.push(["onNewToolCall", () => ({ ...localParams(agent), toolCall })]);
    }
  }
  steps.push(["onMessagesChanged", () => localParams(agent)]);
  announce(subscribersOf(agent), steps);
}

/**
 * A run, once the module (and with it the run code) is loaded.
 * @param {any} agent @param {"run" | "connect"} mode @param {any} parameters @param {any} subscriber
 */
async function startRun(agent, mode, parameters, subscriber) {
  const s = slotOf(agent);
  await s.loader.load();
  return s.loader.runs().run(agent, s, mode, parameters, subscriber);
}

/** The parameters of a change made through the API. @param {any} agent */
function localParams(agent) {
  return { messages: agent.messages, state: agent.state, agent: slotOf(agent).self(agent) };
}

/** The fields the two classes keep in the slot (the rest are the base class's own). */
const FIELDS = ["messages", "state", "threadId", "agentId", "description", "url", "headers", "pendingInterrupts", "abortController", "isRunning", "activeRunCompletionPromise"];

/**
 * The client class over `Base` (a class of nothing for `AgentClient`, the
 * application's `HttpAgent` for `agui-wasm/http-agent`).
 * @template {new (...args: any[]) => any} B
 * @param {B} Base @param {Loader} loader
 * @param {boolean} own whether every option is the class's own (`AgentClient`);
 *   else the base class's constructor takes its own (HttpAgent's), through
 *   the accessors below
 */
export function agentClass(Base, loader, own) {
  const inherited = /** @type {any} */ (Base).prototype.prepareRunAgentInput;
  class Agent extends Base {
    static [LOADER] = loader;

    /** @param {any[]} args */
    constructor(...args) {
      super(...args);
      const config = args[0];
      const s = slotOf(this);
      // A base class built with define semantics for its fields shadowed
      // the accessors with own properties: they are taken over.
      for (const name of FIELDS) {
        const own = Object.getOwnPropertyDescriptor(this, name);
        if (own && "value" in own) {
          delete (/** @type {any} */ (this))[name];
          if (name !== "isRunning" && name !== "activeRunCompletionPromise") /** @type {any} */ (this)[name] = own.value;
        }
      }
      if (!Array.isArray(/** @type {any} */ (this).subscribers)) /** @type {any} */ (this).subscribers = [];
      if (own) {
        if (config && typeof config === "object") {
          if (config.url !== undefined && config.url !== null) s.url = String(config.url);
          s.headers = config.headers;
          s.threadId = optString(config.threadId);
          s.agentId = optString(config.agentId);
          s.description = optString(config.description) ?? "";
          if (config.initialMessages !== undefined && config.initialMessages !== null) {
            s.copy.messages = JSON.parse(json(config.initialMessages, "initialMessages"));
          }
          if (config.initialState !== undefined && config.initialState !== null) {
            // A copy, as the reference's structuredClone, and its text,
            // which the core reads and the first request sends.
            s.copy.stateText = json(config.initialState, "initialState");
            s.copy.state = JSON.parse(s.copy.stateText);
          }
        }
      }
      configure(s, config);
      // @ag-ui/client 1.0.4's constructor keeps the thread id in a field
      // of its own rather than through the `threadId` setter.
      if (!own) s.threadId ??= optString(config?.threadId);
      s.threadId ??= uuid();
      // Checked now where the module is there already, as the reference's
      // constructor copies (and so checks) its history.
      const core = s.coreNow(this);
      if (!core && s.broken) throw s.broken;
    }

    /** The conversation: the same array until something changes; unchanged messages keep their objects. */
    get messages() {
      const s = slotOf(this);
      const core = s.coreNow(this);
      if (!core) {
        s.copy.handedOut = true;
        return s.copy.messages;
      }
      return guarded(s, () => s.messagesOf(core));
    }

    /** `agent.messages = list` is `setMessages(list)`, as on HttpAgent. */
    set messages(list) {
      this.setMessages(list);
    }

    get state() {
      const s = slotOf(this);
      const core = s.coreNow(this);
      if (!core) return (s.copy.state ??= s.copy.stateText === undefined ? undefined : JSON.parse(s.copy.stateText));
      return guarded(s, () => s.stateOf(core));
    }

    set state(value) {
      this.setState(value);
    }

    get threadId() {
      return slotOf(this).threadId;
    }
    set threadId(id) {
      slotOf(this).threadId = id;
    }
    get agentId() {
      return slotOf(this).agentId;
    }
    /** Frameworks name an agent by assigning this (CopilotKit gives it the key it was registered under). */
    set agentId(id) {
      slotOf(this).agentId = id;
    }
    get description() {
      return slotOf(this).description;
    }
    set description(text) {
      slotOf(this).description = text;
    }
    get url() {
      return slotOf(this).url;
    }
    set url(url) {
      slotOf(this).url = url;
    }
    /** The headers of every request; one assigned applies from the next. */
    get headers() {
      const s = slotOf(this);
      if (s.headers === null || typeof s.headers !== "object") s.headers = {};
      return s.headers;
    }
    set headers(headers) {
      slotOf(this).headers = headers;
    }
    get isRunning() {
      const s = slotOf(this);
      return s.running || s.baseRunning;
    }
    // The base class marks its own runs (an agent with middleware).
    set isRunning(value) {
      slotOf(this).baseRunning = Boolean(value);
    }
    /** The most container entries one event, or one run's outgoing input, may hold before the run fails with an `AgentEnforcementLimitError` (1,000,000 by default; `Infinity`: no limit). */
    get maxEnforcedEntries() {
      return slotOf(this).maxEntries;
    }
    set maxEnforcedEntries(value) {
      slotOf(this).maxEntries = entriesLimit(value);
    }
    /** Interrupts the last run left open; the next run must answer each. */
    get pendingInterrupts() {
      const s = slotOf(this);
      const core = s.coreNow(this);
      return core ? (s.copy.interrupts = guarded(s, () => core.pendingInterrupts())) : s.copy.interrupts;
    }
    set pendingInterrupts(list) {
      const s = slotOf(this);
      const text = json(list ?? [], "pendingInterrupts");
      const core = s.coreNow(this);
      if (core) guarded(s, () => core.setPendingInterrupts(text));
      s.copy.interrupts = JSON.parse(text);
    }
    /** The controller whose `abort()` stops the run under way, as HttpAgent's. */
    get abortController() {
      return slotOf(this).controller;
    }
    set abortController(controller) {
      if (!controller || typeof controller !== "object" || !controller.signal) {
        throw agentError("TypeError", "abortController must be an AbortController");
      }
      const s = slotOf(this);
      // One set while a run streams stops that run too.
      if (s.running) {
        for (const f of s.abortWatchers) {
          if (controller.signal.aborted) f();
          else controller.signal.addEventListener("abort", f, { once: true });
        }
        const old = s.controller;
        controller.signal.addEventListener("abort", () => old.abort(controller.signal.reason), { once: true });
      }
      s.controller = controller;
    }
    /** Settles when the run under way is over; `undefined` between runs. */
    get activeRunCompletionPromise() {
      const s = slotOf(this);
      return s.active?.completion ?? s.baseCompletion;
    }
    set activeRunCompletionPromise(p) {
      slotOf(this).baseCompletion = p;
    }

    /**
     * Adds a subscriber to every run; returns `{ unsubscribe }`, which may
     * be called any number of times, from anywhere.
     * @param {any} subscriber
     */
    subscribe(subscriber) {
      if (Array.isArray(this.subscribers)) this.subscribers.push(subscriber);
      else this.subscribers = [subscriber];
      return {
        unsubscribe: () => {
          this.subscribers = subscribersOf(this).filter((s) => s !== subscriber);
        },
      };
    }

    /** Appends a message; the array keeps the caller's object. @param {any} message */
    addMessage(message) {
      add(this, [message], "message");
    }

    /** @param {any[]} messages */
    addMessages(messages) {
      if (!Array.isArray(messages)) throw agentError("TypeError", "invalid messages: expected an array");
      add(this, [...messages], "messages");
    }

    /** Replaces the history with a copy of `messages`. @param {any[]} messages */
    setMessages(messages) {
      const s = slotOf(this);
      guarded(s, () => s.setMessagesText(this, json(messages, "messages"), "messages"));
      announce(subscribersOf(this), [["onMessagesChanged", () => localParams(this)]]);
    }

    /** @param {any} state */
    setState(state) {
      const s = slotOf(this);
      const text = json(state, "state");
      guarded(s, () => s.setStateText(text, "state"));
      announce(subscribersOf(this), [["onStateChanged", () => localParams(this)]]);
    }

    /**
     * Runs the agent: POSTs the run input and applies the events it streams
     * back. Resolves to `{ result, newMessages }`.
     * @param {any} [parameters] @param {any} [subscriber]
     */
    runAgent(parameters, subscriber) {
      return startRun(this, "run", parameters, subscriber);
    }

    /**
     * Re-attaches after a dropped stream: POSTs the run input to the client's
     * `connectUrl` and applies what the server replays; without one, makes
     * no request, as HttpAgent's.
     * @param {any} [parameters] @param {any} [subscriber]
     */
    connectAgent(parameters, subscriber) {
      return startRun(this, "connect", parameters, subscriber);
    }

    /**
     * The run's input as the reference builds it from the client's fields.
     * A run writes it itself, faster, unless this is patched or overridden.
     * @param {any} [parameters]
     */
    prepareRunAgentInput(parameters) {
      if (typeof inherited === "function") return inherited.call(this, parameters);
      const p = parameters ?? {};
      /** @type {Record<string, any>} */
      const input = { threadId: this.threadId, runId: p.runId || uuid() };
      if (slotOf(this).sendProtocolVersion) input.protocolVersion = "1.0";
      input.tools = structuredClone(p.tools ?? []);
      input.context = structuredClone(p.context ?? []);
      input.forwardedProps = structuredClone(p.forwardedProps ?? {});
      input.state = structuredClone(this.state);
      input.messages = structuredClone(this.messages.filter((/** @type {any} */ m) => m.role !== "activity"));
      if (p.resume !== undefined) input.resume = structuredClone(p.resume);
      return input;
    }

    /** Stops the run under way: it ends quietly, its promise resolving with what arrived. */
    abortRun() {
      slotOf(this).controller.abort();
    }

    /** Leaves the run under way, keeping what arrived, with no error; resolves when it is over. */
    detachActiveRun() {
      const s = slotOf(this);
      // A run under way loaded the run module.
      return s.active ? s.loader.runs().detach(s) : Promise.resolve();
    }

    /**
     * Follows a GET Server-Sent Events stream of AG-UI events, reconnecting
     * with `Last-Event-ID` and the server's `retry` delay.
     * @param {{ url?: string, retryMs?: number, maxRetries?: number }} [options]
     */
    openEventSource(options) {
      const s = slotOf(this);
      const handle = (() => {
        /** @type {(() => void) | undefined} */
        let close;
        let closedEarly = false;
        const closed = s.loader.load().then(() => {
          if (closedEarly) return;
          const h = s.loader.runs().openEventSource(this, s, options);
          close = h.close;
          return h.closed;
        });
        return {
          close() {
            closedEarly = true;
            close?.();
          },
          closed,
        };
      })();
      // A rejection nobody awaits is the caller's to see in `closed`.
      handle.closed.catch(() => {});
      return handle;
    }

    /**
     * Releases the client's WebAssembly memory now rather than when the
     * collector finds it unreachable (the module's memory never shrinks,
     * but what is released is reused). A client used again afterwards
     * starts from the history it last handed out.
     */
    free() {
      const s = slotOf(this);
      if (s.core && s.generation === s.loader.generation && !s.running) {
        s.core.free();
        s.core = undefined;
      }
    }

    /** A new client with a copy of this one's history, state, interrupts and subscribers, and its own abort controller. */
    clone() {
      const s = slotOf(this);
      const base = /** @type {any} */ (Base).prototype.clone;
      const copy = typeof base === "function" ? base.call(this) : new /** @type {any} */ (this.constructor)({});
      const c = slotOf(copy);
      for (const k of /** @type {const} */ (["loader", "url", "connectUrl", "threadId", "agentId", "description", "fetchOption", "limits", "maxEntries", "batching", "debug", "acceptProtobuf", "sendProtocolVersion"])) {
        /** @type {any} */ (c)[k] = s[k];
      }
      c.headers = s.headers && typeof s.headers === "object" ? { ...s.headers } : s.headers;
      // Copies of what this one holds, as the reference's structuredClone
      // (the array as JavaScript may have edited it in place); its core is
      // made from them when it needs one.
      c.core = undefined;
      c.copy = {
        messages: JSON.parse(JSON.stringify(this.messages)),
        handedOut: false,
        state: undefined,
        stateText: JSON.stringify(this.state) ?? "{}",
        interrupts: JSON.parse(JSON.stringify(this.pendingInterrupts)),
      };
      copy.subscribers = subscribersOf(this);
      const fresh = new AbortController();
      if (s.controller.signal.aborted) fresh.abort(s.controller.signal.reason);
      c.controller = fresh;
      return copy;
    }
  }
  /** @type {any} */ (Agent.prototype)[OWN_PREPARE] = Agent.prototype.prepareRunAgentInput;
  return Agent;
}

