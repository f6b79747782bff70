// @ts-check
// Every Error the package throws or rejects with, by name, and what it
// means: the one table. The `.d.ts` type `AgentErrorName` (with each name's
// meaning) and `isAgentError` are read from it, and the names the
// WebAssembly face gives are held to it (tests/error_names.rs).

export const ERRORS = Object.freeze({
  /** A bad argument: options, messages, state or parameters that do not read as the protocol's types (a real `TypeError`). */
  TypeError: "TypeError",
  /** The client cannot do it now: a run already under way, a WebAssembly module that would not load or had to be restarted, a non-Error thrown by `fetch`. */
  AgentError: "AgentError",
  /** The agent answered with a non-2xx status; `status` and the body as `payload`. */
  AgentHttpError: "AgentHttpError",
  /** The response could not be read as AG-UI events (SSE framing, JSON, schema, protobuf), or a GET stream gave up reconnecting. */
  AgentStreamError: "AgentStreamError",
  /** The events broke the protocol's rules (their order, chunk shorthands). */
  AgentProtocolError: "AgentProtocolError",
  /** The request could not be made, its response had no body to read, or `fetch` gave something that is not a response. */
  AgentRequestError: "AgentRequestError",
  /** Open interrupts the run's `resume` does not answer, as the reference's `AGUIError`. */
  AGUIError: "AGUIError",
  /** An event or the run's outgoing input holds more container entries than `maxEnforcedEntries` allows, as the reference's `AGUIEnforcementLimitError`. */
  AgentEnforcementLimitError: "AgentEnforcementLimitError",
  /** A history the target format of `agui-wasm/adapters` cannot express; the message says which message, part and why. */
  AdapterError: "AdapterError",
});

/** @typedef {keyof typeof ERRORS} AgentErrorName */

/**
 * An Error with `name`; a real `TypeError` for bad arguments.
 * @param {AgentErrorName} name @param {string} message @param {{ cause?: unknown }} [options]
 */
export function agentError(name, message, options) {
  const e = name === "TypeError" ? new TypeError(message, options) : new Error(message, options);
  if (name !== "TypeError") e.name = name;
  return e;
}

/**
 * Whether `e` is an Error this package throws (with the given name, if one is given).
 * @template {AgentErrorName} N
 * @param {unknown} e @param {N} [name]
 * @returns {e is Error & { name: N }}
 */
export function isAgentError(e, name) {
  if (!(e instanceof Error) || !Object.hasOwn(ERRORS, e.name)) return false;
  return name === undefined || e.name === name;
}

/**
 * What a thrown value becomes: an Error as it is; anything else an
 * `AgentError` that says what it was (its JSON, else its string, else its tag).
 * @param {unknown} v @returns {Error}
 */
export function asError(v) {
  if (v instanceof Error) return v;
  return agentError("AgentError", thrownText(v), { cause: v });
}

/** @param {unknown} v @returns {string} */
function thrownText(v) {
  try {
    const json = JSON.stringify(v);
    if (json !== undefined) return json;
  } catch {}
  try {
    return String(v);
  } catch {
    return Object.prototype.toString.call(v);
  }
}

/**
 * Whether a thrown value is an abort, which ends a run quietly, as the
 * reference treats it.
 * @param {any} v
 */
export function isAbort(v) {
  if (v === "component unmounted") return true;
  if (v === null || typeof v !== "object") return false;
  return v.name === "AbortError" || ["Fetch is aborted", "signal is aborted without reason", "component unmounted"].includes(v.message);
}
