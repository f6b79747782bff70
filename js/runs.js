// @ts-check
// One run (or GET stream) of a client: the request, its body read chunk by
// chunk into the core's session, and the session's steps carried out. The
// rules (which callback fires when, with what; what an abort or a detach
// means) are the session's, in Rust; this moves bytes, calls subscribers
// and keeps the client's JavaScript copies current.
import { writeBody as bodyOf } from "./body.js";
import { agentError, asError, isAbort } from "./errors.js";
import { isStale, isTrap } from "./load.js";
import { deltaRounds } from "./deltas.js";
import { callRound } from "./rounds.js";
import { eventParams, params } from "./params.js";
import { uuid } from "./ids.js";

export { made, takeEdits } from "./core-of.js";

/** See client.js (a constant, not an import of it, so the two do not import each other). */
const OWN_PREPARE = Symbol.for("agui-wasm.prepareRunAgentInput");

/** @typedef {import("./client.js").Slot} Slot */
/** @typedef {import("./dist/agui_wasm.js").Core} Core */

/**
 * The fetch of a request: the option, else the global one, read when
 * called.
 * @param {Slot} s @param {string} url @param {RequestInit} init
 */
function fetchWith(s, url, init) {
  if (s.fetchOption) return s.fetchOption(url, init);
  if (typeof fetch !== "function") throw agentError("AgentRequestError", "no global fetch: pass a fetch function in the AgentClient options");
  return fetch(url, init);
}

/**
 * A request's init: the client's headers, then ours.
 * @param {Slot} s @param {string} method @param {string | undefined} body @param {AbortSignal} signal
 * @param {Record<string, string>} [extra] a GET stream's headers
 */
function requestInit(s, method, body, signal, extra) {
  /** @type {Record<string, string>} */
  const headers = { ...(s.headers && typeof s.headers === "object" ? s.headers : {}) };
  if (extra) Object.assign(headers, extra);
  else {
    headers["Content-Type"] = "application/json";
    headers.Accept = s.acceptProtobuf ? "application/vnd.ag-ui.event+proto, text/event-stream" : "text/event-stream";
  }
  /** @type {RequestInit} */
  const init = { method, headers, signal };
  if (body !== undefined) init.body = body;
  return init;
}

/**
 * `f` called when the run's controller aborts (or one assigned to the
 * client while it runs: see its \`abortController\` setter).
 * @param {Slot} s @param {() => void} f
 */
function watchAbort(s, f) {
  s.abortWatchers.add(f);
  s.controller.signal.addEventListener("abort", f, { once: true });
}

/** @param {Slot} s @param {() => void} f @param {AbortController} controller the run's */
function unwatchAbort(s, f, controller) {
  s.abortWatchers.delete(f);
  controller.signal.removeEventListener("abort", f);
  s.controller.signal.removeEventListener("abort", f);
}

/** The run's session goes with it. @param {Slot} s @param {Core} core @param {number} id */
function closeRun(s, core, id) {
  try {
    if (s.core === core && s.generation === s.loader.generation) core.close(id);
  } catch {}
}

/** The most bytes one `feed` copies into WebAssembly memory: a chunk of
 * 50 MB is fed in slices, so a stream past `maxEventSize` fails before
 * its whole chunk is in the module's memory (which never shrinks). */
const SLICE = 1 << 20;

/**
 * A run or stream under way: what its steps need between them.
 * @typedef {{
 *   agent: any, slot: Slot, core: Core, id: number, names: string[],
 *   input: any, body?: string, parameters?: any, own: any[], subscribers: any[], messagesHeard: boolean, error: Error | undefined,
 *   detached: boolean, halted: boolean, wake: () => void,
 *   reader: ReadableStreamDefaultReader<any> | null, request: boolean,
 *   answer: number, round: any[] | null, eager: number, take: (m: any, s: any) => void, wait: (p: PromiseLike<any>) => Promise<any>,
 *   plain: () => object, withEvent: (got: any[]) => object, withExtra: (extra: [string, any]) => object,
 *   deltas?: (kind: number) => any[],
 * }} Ctx
 */

/**
 * A run's or stream's context, with what its rounds use made once: a
 * round makes no closure.
 * @param {Omit<Ctx, "answer" | "round" | "eager" | "take" | "wait" | "plain" | "withEvent" | "withExtra" | "halted" | "wake" | "reader" | "subscribers" | "messagesHeard" | "input" | "error">} base
 * @returns {Ctx}
 */
function context(base) {
  /** @type {Ctx} */
  const ctx = {
    ...base,
    input: undefined,
    error: undefined,
    subscribers: [],
    messagesHeard: false,
    halted: false,
    wake: () => {},
    reader: null,
    answer: 0,
    // What the event round under way got from the core.
    round: null,
    deltas: undefined,
    // Rounds left that make the lazy extra with the rest (see params.js).
    eager: 0,
    take: (m, s) => {
      if (m !== undefined && m !== ctx.agent.messages) {
        try {
          ctx.slot.setMessagesText(ctx.agent, JSON.stringify(m), "messages returned by a subscriber");
          ctx.answer |= 2;
        } catch (e) {
          console.warn(e);
        }
      }
      if (s !== undefined) {
        try {
          ctx.slot.setStateText(JSON.stringify(s), "state returned by a subscriber");
          ctx.answer |= 4;
        } catch (e) {
          console.warn(e);
        }
      }
    },
    wait: (p) => unlessStopped(ctx, p),
    plain: () => params(ctx),
    withEvent: (got) => eventParams(ctx, got),
    withExtra: ([key, value]) => ({ ...params(ctx), [key]: value }),
  };
  return ctx;
}

/**
 * Takes up the subscribers as they are now (the client's, then the run's
 * own: one that subscribes mid-run hears the rest of it), once a chunk,
 * and tells the session which callbacks they define (a round nobody
 * listens for is never asked for). A callback is looked up when it is
 * called, so one assigned later is called, from the next chunk on.
 * @param {Ctx} ctx
 */
function listen(ctx) {
  const agents = Array.isArray(ctx.agent.subscribers) ? ctx.agent.subscribers : [];
  const subs = (ctx.subscribers = [...agents, ...ctx.own]);
  const { names } = ctx;
  let mask = 0;
  for (let i = 0; i < names.length; i++) {
    // Past bit 31: a sum, not `|`.
    if (subs.some((s) => typeof s?.[names[i]] === "function")) mask += 2 ** i;
  }
  ctx.messagesHeard = subs.some((s) => typeof s?.onMessagesChanged === "function");
  ctx.core.listen(ctx.id, mask);
}

/**
 * One callback round of the session, carried out; what its subscribers
 * did, as the next step takes it (1 stopped the event, 2 replaced the
 * messages, 4 the state): a number, or a promise of one where a callback
 * returned a promise.
 * @param {Ctx} ctx @param {string} name @param {number} kind the delta whose round the shell builds (deltas.js), 0 for none
 * @returns {number | Promise<number>}
 */
function perform(ctx, name, kind) {
  const { core, id } = ctx;
  ctx.answer = 0;
  /** @type {boolean | Promise<boolean>} */
  let stopped;
  switch (name) {
    case "onRunFinalized":
      // `isRunning` is false by the time onRunFinalized runs, as in the
      // reference, so a UI that reads it there sees the end.
      ctx.slot.running = false;
      stopped = callRound(ctx.subscribers, name, ctx.plain, undefined, ctx.take, ctx.wait);
      break;
    case "onRunFailed":
      stopped = callRound(ctx.subscribers, name, ctx.withExtra, ["error", runError(ctx)], ctx.take, ctx.wait);
      break;
    case "onNewMessage":
    case "onNewToolCall":
      // An announcement changes nothing, as in the reference.
      stopped = callRound(ctx.subscribers, name, ctx.withExtra, [name === "onNewMessage" ? "message" : "toolCall", core.announced(id)], null, ctx.wait);
      break;
    case "onRunInitialized":
      stopped = callRound(ctx.subscribers, name, ctx.plain, undefined, ctx.take, ctx.wait);
      break;
    default:
      ctx.round = kind ? (ctx.deltas ??= deltaRounds(ctx))(kind) : core.event(id);
      ctx.eager--;
      stopped = callRound(ctx.subscribers, name, ctx.withEvent, ctx.round, ctx.take, ctx.wait);
  }
  return stopped instanceof Promise ? stopped.then((s) => ctx.answer | (s ? 1 : 0)) : ctx.answer | (stopped ? 1 : 0);
}

/**
 * onMessagesChanged / onStateChanged for what changed.
 * @param {Ctx} ctx @param {number} changed 1 messages, 2 state
 */
function notify(ctx, changed) {
  // The view follows even with no listener, so a later read is cheap,
  // without handing the array out: one nobody reads is edited in place.
  if (changed & 1) {
    // A listener's parameters read the messages, which brings the view up
    // to date; a second crossing for that first cost a fifth of an event.
    if (!ctx.messagesHeard) ctx.core.syncMessages();
    const round = callRound(ctx.subscribers, "onMessagesChanged", ctx.plain, undefined, null, ctx.wait);
    // Synchronous callbacks take no turn of the event loop (with one
    // update per event, two awaits an event were a third of its cost).
    if (round instanceof Promise) return round.then(() => notifyState(ctx, changed));
  }
  return notifyState(ctx, changed);
}

/** @param {Ctx} ctx @param {number} changed */
function notifyState(ctx, changed) {
  if (changed & 2) return callRound(ctx.subscribers, "onStateChanged", ctx.plain, undefined, null, ctx.wait);
}

/**
 * The error the run fails with: the core's own, or what the shell caught.
 * @param {Ctx} ctx @returns {Error}
 */
function runError(ctx) {
  return (ctx.error ??= ctx.core.error(ctx.id) ?? agentError("AgentError", "the run failed"));
}

/**
 * Carries out steps until the session needs the request sent, a chunk
 * read, or is done; returns that step's code.
 * @param {Ctx} ctx
 */
async function steps(ctx) {
  const { core, id, slot } = ctx;
  const { Step } = slot.loader.glue();
  const clock = core.needsClock(id);
  let answer = 0;
  for (;;) {
    const code = core.step(id, clock ? Date.now() : 0, answer);
    answer = 0;
    const kind = code & 15;
    switch (kind) {
      case Step.Call: {
        const a = perform(ctx, ctx.names[(code >> 4) & 63], code >> 10);
        answer = typeof a === "number" ? a : await a;
        ctx.round = null;
        break;
      }
      case Step.Notify: {
        const n = notify(ctx, code >> 4);
        if (n instanceof Promise) await n;
        break;
      }
      case Step.Rewrite:
        writeBody(ctx);
        break;
      case Step.Warn:
        if (slot.debug) for (const w of core.warnings(id)) console.warn("[agui-wasm]", w);
        else core.warnings(id);
        break;
      default:
        return code;
    }
  }
}

/**
 * The request body, and the input callbacks read, from the history and
 * state as they are now.
 * @param {Ctx} ctx
 */
function writeBody(ctx) {
  if (!ctx.request) return;
  const { agent } = ctx;
  const prepare = agent.prepareRunAgentInput;
  if (typeof prepare === "function" && prepare !== agent[OWN_PREPARE]) {
    // Patched or overridden: what it makes is the input, and the body.
    ctx.input = prepare.call(agent, ctx.parameters);
    ctx.body = JSON.stringify(ctx.input);
    return;
  }
  const [head, stateText, state, messages, tail] = ctx.core.requestParts(ctx.id);
  [ctx.body, ctx.input] = bodyOf(head, stateText, state, messages, tail);
}

/**
 * `p`, or `undefined` as soon as the run is stopped (an abort or a
 * detach must not wait for a `fetch`, a read or a callback that never
 * settles). A promise of its own each time, woken by `halt`: racing every
 * read against one promise that lasts the run would leave a reaction on
 * it per chunk.
 * @template T @param {Ctx} ctx @param {PromiseLike<T>} p @returns {Promise<T | undefined>}
 */
function unlessStopped(ctx, p) {
  if (ctx.halted) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    ctx.wake = () => resolve(undefined);
    p.then(resolve, reject);
  });
}

/**
 * Stops the run's waiting: what it waits for is let go.
 * @param {Ctx} ctx
 */
function halt(ctx) {
  ctx.halted = true;
  ctx.wake();
  ctx.reader?.cancel().catch(() => {});
}

/**
 * Sends a request; the response's body reader, or `undefined` where the
 * run ended before it (an abort, a detach, a failure: said to the session).
 * @param {Ctx} ctx @param {string} url @param {RequestInit} init
 */
async function open(ctx, url, init) {
  const { core, id } = ctx;
  let response;
  try {
    response = await unlessStopped(ctx, Promise.resolve(fetchWith(ctx.slot, url, init)));
  } catch (e) {
    if (isAbort(e)) {
      // An abort before the response is reported, and the run resolves.
      ctx.error = asError(e);
      core.fail(id, false);
    } else {
      ctx.error = asError(e);
      core.fail(id, true);
    }
    return undefined;
  }
  if (ctx.detached) {
    core.detach(id);
    return undefined;
  }
  if (response === undefined) {
    // Aborted while `fetch` went on regardless: it is let go.
    ctx.error = agentError("AgentError", "Request aborted");
    core.fail(id, false);
    return undefined;
  }
  try {
    const failed = await checked(ctx, response);
    if (failed) {
      ctx.error = failed;
      core.fail(id, true);
      return undefined;
    }
    core.response(id, response.headers.get("content-type") ?? undefined);
    const reader = response.body?.getReader();
    if (!reader) throw agentError("AgentRequestError", "Failed to getReader() from response");
    return reader;
  } catch (e) {
    ctx.error = isAbort(e) ? asError(e) : requestError(e);
    core.fail(id, !isAbort(e));
    return undefined;
  }
}

/**
 * What is wrong with a response, as the reference reports it: a non-2xx
 * status carries `status` and the body as `payload`.
 * @param {Ctx} ctx @param {any} response @returns {Promise<Error | undefined>}
 */
async function checked(ctx, response) {
  if (response === null || typeof response !== "object" || typeof response.ok !== "boolean") {
    return agentError("AgentRequestError", `fetch gave ${response === null ? "null" : typeof response}, not a Response`);
  }
  if (response.ok) return undefined;
  const text = await unlessStopped(ctx, response.text());
  /** @type {any} */
  let payload = text ?? "";
  try {
    payload = JSON.parse(payload);
  } catch {}
  const e = /** @type {Error & { status?: number, payload?: unknown }} */ (agentError("AgentHttpError", `HTTP ${response.status}: ${text ?? ""}`));
  e.status = response.status;
  e.payload = payload;
  return e;
}

/** A response that cannot be read, as an `AgentRequestError`. @param {unknown} e */
function requestError(e) {
  if (e instanceof Error && e.name === "AgentRequestError") return e;
  return agentError("AgentRequestError", `the response could not be read: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
}

/** The bytes of a chunk a reader produced (a `Uint8Array`, a string some
 * polyfills hand out, or another view of bytes). @param {any} v */
function bytesOf(v) {
  if (v instanceof Uint8Array) return v;
  if (typeof v === "string") return new TextEncoder().encode(v);
  if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  return new Uint8Array(v);
}

/**
 * Reads a body into the session until it is done with it; returns the
 * step that ended the reading (done, or, for a GET stream, its end).
 * @param {Ctx} ctx @param {ReadableStreamDefaultReader<any>} reader
 */
async function read(ctx, reader) {
  const { core, id } = ctx;
  ctx.reader = reader;
  /** @type {Promise<ReadableStreamReadResult<any>> | undefined} */
  let pending;
  const cancel = () => reader.cancel().catch(() => {});
  if (core.streamFailed(id)) cancel();
  const { Step } = ctx.slot.loader.glue();
  for (;;) {
    const code = await steps(ctx);
    if ((code & 15) !== Step.Read) return code;
    if (ctx.detached) {
      cancel();
      core.detach(id);
      continue;
    }
    const due = core.dueIn(id);
    /** @type {ReadableStreamReadResult<any> | undefined | "late"} */
    let got;
    try {
      pending ??= reader.read();
      got = await unlessStopped(ctx, due === undefined ? pending : within(pending, due));
      if (got !== undefined && got !== "late" && (got === null || typeof got !== "object")) {
        throw new TypeError(`the body's reader gave ${got === null ? "null" : typeof got}, not a read result`);
      }
    } catch (e) {
      pending = undefined;
      if (isAbort(e)) core.abort(id, e instanceof Error ? e.message : undefined);
      else {
        ctx.error = ctx.slot.controller.signal.aborted ? asError(e) : requestError(e);
        core.fail(id, true);
      }
      continue;
    }
    if (ctx.detached) continue;
    if (ctx.halted || got === undefined) {
      // Aborted, and the stream did not end the read itself.
      cancel();
      core.abort(id, abortMessage(ctx));
      continue;
    }
    if (got === "late") {
      core.late(id);
      continue;
    }
    pending = undefined;
    // Subscribers that came or went while the read waited hear this chunk's rounds.
    listen(ctx);
    if (got.done) {
      core.finish(id);
      continue;
    }
    const bytes = bytesOf(got.value);
    for (let at = 0; at < bytes.length; at += SLICE) {
      core.feed(id, at === 0 && bytes.length <= SLICE ? bytes : bytes.subarray(at, at + SLICE));
      if (core.streamFailed(id)) break;
    }
    if (core.streamFailed(id)) cancel();
  }
}

/** @param {Ctx} ctx */
function abortMessage(ctx) {
  const reason = ctx.slot.controller.signal.reason;
  return reason instanceof Error ? reason.message : undefined;
}

/**
 * `p`'s value, or "late" if `ms` pass first (`p` goes on).
 * @template T @param {Promise<T>} p @param {number} ms @returns {Promise<T | "late">}
 */
function within(p, ms) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let t;
  const timer = new Promise((resolve) => (t = setTimeout(() => resolve("late"), ms)));
  return /** @type {Promise<T | "late">} */ (Promise.race([p, timer]).finally(() => clearTimeout(t)));
}

/**
 * `runAgent` and `connectAgent`: POSTs the run input and applies what the
 * agent streams back (a connect with no URL sends nothing, as HttpAgent's).
 * @param {any} agent @param {Slot} slot @param {"run" | "connect"} mode
 * @param {any} parameters @param {any} subscriber
 */
export async function run(agent, slot, mode, parameters, subscriber) {
  try {
    return await runOnce(agent, slot, mode, parameters, subscriber);
  } catch (e) {
    if (!isTrap(e) && !isStale(e)) throw e;
    // A trap here restarts the module; a core of an instance restarted
    // meanwhile (another client's trap) is merely gone.
    if (isTrap(e)) {
      slot.loader.restart();
      slot.core = undefined;
    }
    const what = isTrap(e) ? `failed (${e instanceof Error ? e.message : String(e)}) and was restarted` : "was restarted while this run streamed";
    const err = agentError("AgentError", `the WebAssembly module ${what}; the run is over, and the client keeps the history it last handed out`, { cause: e });
    console.error("Agent execution failed:", err);
    throw err;
  }
}

/**
 * @param {any} agent @param {Slot} slot @param {"run" | "connect"} mode
 * @param {any} parameters @param {any} subscriber
 */
async function runOnce(agent, slot, mode, parameters, subscriber) {
  if (slot.running) {
    throw agentError("AgentError", "a run is already in progress on this client: await it or call abortRun() first");
  }
  slot.running = true;
  /** @type {Ctx | undefined} */
  let ctx;
  /** @type {() => void} */
  let complete = () => {};
  const completion = new Promise((/** @type {(v?: any) => void} */ r) => (complete = r));
  /** @type {{ completion: Promise<void>, detached: boolean, ctx: Ctx | null }} */
  const active = { completion, detached: false, ctx: null };
  slot.active = active;
  const given = parameters?.abortController;
  const controller = given && typeof given === "object" && given.signal ? given : new AbortController();
  slot.controller = controller;
  // A `fetch` or stream that honours the signal fails first, with its own
  // error; one that ignores it is let go a task later.
  const onAbort = () => setTimeout(() => ctx && halt(ctx), 0);
  watchAbort(slot, onAbort);
  try {
    const core = await slot.coreFor(agent);
    if (agent.agentId === undefined) agent.agentId = uuid();
    const url = mode === "run" ? slot.url : slot.connectUrl;
    core.setMaxEntries(slot.maxEntries);
    const id = core.startRun(JSON.stringify(parameters ?? {}), agent.threadId, Date.now(), url !== undefined, slot.sendProtocolVersion, mode === "connect");
    ctx = context({
      agent, slot, core, id, names: slot.loader.names(), parameters, request: true, detached: active.detached,
      own: Array.isArray(subscriber) ? subscriber.filter((s) => s && typeof s === "object") : subscriber && typeof subscriber === "object" ? [subscriber] : [],
    });
    active.ctx = ctx;
    writeBody(ctx);
    listen(ctx);
    if (active.detached) core.detach(id);
    const { Step } = slot.loader.glue();
    let code = await steps(ctx);
    if ((code & 15) === Step.Request) {
      // The outgoing input is held to the entry limit before a byte is
      // sent; a body shorter than two bytes an entry cannot be over it.
      const over = ctx.body.length >= 2 * slot.maxEntries ? core.inputOver(ctx.body) : undefined;
      if (over) {
        ctx.error = over;
        core.fail(id, true);
        code = await steps(ctx);
      } else {
        const init = requestInit(slot, "POST", ctx.body, controller.signal);
        const reader = await open(ctx, /** @type {string} */ (url), init);
        code = reader ? await read(ctx, reader) : await steps(ctx);
        if (!reader && ctx.detached) code = await steps(ctx);
      }
    }
    if (code >> 4) {
      const err = runError(ctx);
      core.forgetNew();
      console.error("Agent execution failed:", err);
      throw err;
    }
    return core.outcome(id);
  } finally {
    unwatchAbort(slot, onAbort, controller);
    // A run that onRunFinalized started (isRunning is false there, as in
    // the reference) is the client's run now: this one leaves it be.
    if (slot.active === active) {
      slot.running = false;
      slot.active = null;
    }
    if (ctx) closeRun(slot, ctx.core, ctx.id);
    complete();
  }
}

/**
 * `detachActiveRun()`: the run under way stops applying its stream
 * without failing, at whatever point it is (before the request, waiting
 * for the response, mid-body); resolves when the run is over.
 * @param {Slot} slot
 */
export function detach(slot) {
  const active = slot.active;
  if (!active) return Promise.resolve();
  active.detached = true;
  if (active.ctx) {
    active.ctx.detached = true;
    halt(active.ctx);
  }
  return active.completion;
}

/**
 * `openEventSource`: a GET Server-Sent Events stream of AG-UI events,
 * reconnected with `Last-Event-ID` and the server's `retry`.
 * @param {any} agent @param {Slot} slot
 * @param {{ url?: string, retryMs?: number, maxRetries?: number }} [options]
 */
export function openEventSource(agent, slot, options) {
  const url = options?.url ?? slot.url;
  let closed = false;
  let controller = new AbortController();
  /** @type {Ctx | undefined} */
  let ctx;
  const follow = async () => {
    const core = await slot.coreFor(agent);
    core.setMaxEntries(slot.maxEntries);
    const id = core.startStream(Date.now(), options?.retryMs ?? 3000, options?.maxRetries ?? Infinity);
    ctx = context({ agent, slot, core, id, names: slot.loader.names(), own: [], request: false, detached: false });
    ctx.halted = closed;
    try {
      listen(ctx);
      for (;;) {
        if (closed) return;
        const last = core.lastEventId(id);
        /** @type {Record<string, string>} */
        const extra = { Accept: "text/event-stream", "Cache-Control": "no-cache" };
        if (last !== undefined) extra["Last-Event-ID"] = last;
        const init = requestInit(slot, "GET", undefined, controller.signal, extra);
        ctx.error = undefined;
        let refused = false;
        try {
          const response = await unlessStopped(ctx, Promise.resolve(fetchWith(slot, url, init)));
          if (closed || response === undefined) return;
          const failed = await checked(ctx, response);
          if (failed) throw failed;
          core.reconnected(id, response.headers.get("content-type") ?? undefined);
          const reader = response.body?.getReader();
          if (!reader) throw agentError("AgentRequestError", "Failed to getReader() from response");
          await read(ctx, reader);
          if (closed) return;
          refused = core.error(id) !== undefined;
        } catch (e) {
          if (closed) return;
          if (e instanceof Error && e.name === "AgentHttpError") throw e;
        }
        const delay = core.afterDrop(id, refused);
        if (delay === -1) throw runError(ctx);
        if (delay === -2) throw agentError("AgentStreamError", "the event stream could not be re-established");
        await unlessStopped(ctx, new Promise((r) => setTimeout(r, delay)));
        if (closed) return;
        controller = new AbortController();
      }
    } finally {
      closeRun(slot, core, id);
    }
  };
  return {
    close() {
      closed = true;
      controller.abort();
      if (ctx) halt(ctx);
    },
    closed: follow(),
  };
}
