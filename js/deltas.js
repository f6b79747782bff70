// @ts-check
// A content or arguments delta's callback round, built here from the record
// the step wrote into the module's memory (src/wasm/deltas.rs says what it
// holds, and the measurement that put the round here): the ids, buffers
// and tool names of the streams under way kept by slot, each delta decoded
// once and appended to the buffer it grows (a buffer made whole on every
// delta made a callback that reads it quadratic in the reply's length).
// Which callbacks run, and what their answers do, stay the core's.

/** @typedef {import("./runs.js").Ctx} Ctx */

// The record's places and flags, as src/wasm/deltas.rs writes them: every
// conformance case with an event callback goes through both.
const NUMBER = 0;
const SLOT = 1;
const FLAGS = 2;
const DELTA = 3;
const ID = 5;
const BUFFER = 7;
const NAME = 9;
const STATE = 11;
/** The slot holds a new id. */
const NEW_ID = 1;
/** The event has no optional field: its object is made here. */
const PLAIN = 2;
/** The buffer grows by the slot's last delta. */
const APPEND = 4;
/** The event's own callback, with its extras. */
const OWN = 8;
// The kinds of delta, as the step's code names them.
const TEXT = 1;
const REASONING = 2;
const ARGS = 3;

// As wasm-bindgen's own: a text that starts with U+FEFF keeps it.
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * A run's delta rounds: `round(kind)` is what a delta's round hands its
 * subscribers, as `Core.event` returns it for other events: `[state,
 * event, name, value, ...]`, then, for a tool call's arguments, the name of
 * the partial arguments where they are made only when read.
 * @param {Ctx} ctx @returns {(kind: number) => any[]}
 */
export function deltaRounds(ctx) {
  const { core, slot } = ctx;
  const memory = slot.loader.glue().wasmMemory();
  const at = core.recordAt();
  /** @type {string[]} */
  const ids = [];
  /** @type {string[]} */
  const buffers = [];
  /** @type {string[]} */
  const ahead = [];
  /** @type {string[]} */
  const tools = [];
  let bytes = new Uint8Array(0);
  let record = new Uint32Array(0);
  let number = -1;
  let delta = "";
  /** @type {import("./dist/agui_wasm.js").Event | undefined} */
  let event;
  /** @type {any} */
  let state;
  let stateIs = 0;

  // The views on the module's memory, made again after it grew (which
  // empties them).
  const views = () => {
    if (bytes.length === 0) {
      bytes = new Uint8Array(memory.buffer);
      record = new Uint32Array(memory.buffer, at, STATE + 1);
    }
  };
  /**
   * The text at record place `i`. A short ASCII one is read here: the
   * decoder's call cost twice as much for a 10-byte delta (0.096 against
   * 0.048 µs, Node).
   * @param {number} i
   */
  const text = (i) => {
    const from = record[i];
    const end = from + record[i + 1];
    let s = "";
    for (let k = from; k < end; k++) {
      const c = bytes[k];
      if (c > 127 || end - from > 16) return decoder.decode(bytes.subarray(from, end));
      s += String.fromCharCode(c);
    }
    return s;
  };

  return (kind) => {
    views();
    const i = record[SLOT];
    const flags = record[FLAGS];
    if (flags & NEW_ID) ids[i] = text(ID);
    // onEvent and the event's own callback share one event and one delta.
    const fresh = record[NUMBER] !== number;
    if (fresh) {
      number = record[NUMBER];
      delta = text(DELTA);
    }
    if (flags & OWN) {
      // A round comes before its delta is applied: the buffer grows by
      // the delta of the slot's last round.
      if (flags & APPEND) buffers[i] += ahead[i];
      else {
        buffers[i] = text(BUFFER);
        if (kind === ARGS) tools[i] = text(NAME);
      }
      ahead[i] = delta;
    }
    // Everything the record points at is read: calls into the module may follow.
    let s, e;
    if (flags & PLAIN) {
      if (fresh) {
        // The keys in the order their JSON has them.
        event =
          kind === ARGS
            ? { type: "TOOL_CALL_ARGS", toolCallId: ids[i], delta }
            : { type: kind === REASONING ? "REASONING_MESSAGE_CONTENT" : "TEXT_MESSAGE_CONTENT", messageId: ids[i], delta };
      }
      // The state's JS copy, asked for only when it is another.
      if (record[STATE] === 0 || record[STATE] !== stateIs) {
        state = slot.stateOf(core);
        views();
        stateIs = record[STATE];
      }
      s = state;
      e = event;
    } else {
      const got = core.event(ctx.id);
      s = got[0];
      e = got[1];
    }
    if (!(flags & OWN)) return [s, e];
    if (kind !== ARGS) return [s, e, kind === TEXT ? "textMessageBuffer" : "reasoningMessageBuffer", buffers[i]];
    const got = [s, e, "toolCallBuffer", buffers[i], "toolCallName", tools[i], undefined, undefined, "partialToolCallArgs"];
    if (ctx.eager > 0) {
      got[6] = got[8];
      got.length = 8;
      got[7] = core.lazyExtra(ctx.id, true, got);
    }
    return got;
  };
}
