// @ts-check
// What a subscriber's callback is handed: the parameter object of a plain
// callback (`messages`, `state`, `agent`, `input`) and of an event's, whose
// `messages` and any extra the core makes only on demand are read when the
// callback reads them.

/** @typedef {import("./runs.js").Ctx} Ctx */

/**
 * A callback's parameters: `messages` and `state` as of the call, as the
 * reference's are (the array is handed out, so the next change makes a
 * new one); `input` the run's one input object.
 * @param {Ctx} ctx
 */
export function params(ctx) {
  const { slot, core, input } = ctx;
  const messages = slot.messagesOf(core);
  const state = slot.stateOf(core);
  const agent = slot.self(ctx.agent);
  return input === undefined ? { messages, state, agent } : { messages, state, agent, input };
}

/** An event callback's `messages`: the live history, read when the
 * callback reads it, as the reference hands event callbacks its working
 * copy; a callback that never looks costs no array. @this {any} */
function liveMessages() {
  return this.agent.messages;
}
const LIVE = {
  get: liveMessages,
  // A callback may still assign it, as the reference's plain property.
  /** @this {any} @param {unknown} v */
  set(v) {
    delete this.messages;
    this.messages = v;
  },
  enumerable: true,
  configurable: true,
};

// An extra the core makes only when a callback reads it (an unread one
// costs nothing): one getter for every parameter object, which finds its
// round (what the core returned, then the context) under a hidden key (a
// getter made per object gave each object a shape of its own: the round
// cost twice as much).
const ROUND = Symbol("round");
/** @this {any} */
function lazyExtra() {
  /** @type {any[]} */
  const got = this[ROUND];
  /** @type {Ctx} */
  const ctx = got[9];
  // Made once for all the round's subscribers; after its round, made again
  // from what the round handed out.
  const current = got === ctx.round;
  // Read now: the next rounds make it with the rest.
  if (current) ctx.eager = EAGER;
  return got.length > 10 ? got[10] : (got[10] = ctx.core.lazyExtra(ctx.id, current, got));
}
// After a read, how many rounds make the lazy extra with the rest before
// one leaves it to be read again, to learn whether it still is.
const EAGER = 64;
const LAZY = {
  get: lazyExtra,
  /** @this {any} @param {unknown} v */
  set(v) {
    const key = this[ROUND][8];
    delete this[key];
    this[key] = v;
  },
  enumerable: true,
  configurable: true,
};

/**
 * The parameters of an event's callbacks.
 * @param {Ctx} ctx @param {any[]} got the state, the event, up to three extras (name, value, ...), then the name of one made only when read
 */
export function eventParams(ctx, got) {
  const { input, slot } = ctx;
  slot.copy.state = got[0];
  slot.copy.stateText = undefined;
  /** @type {Record<string | symbol, any>} */
  const p = { state: got[0], agent: slot.self(ctx.agent), event: got[1] };
  if (input !== undefined) p.input = input;
  Object.defineProperty(p, "messages", LIVE);
  for (let i = 2; i < 8 && got[i] !== undefined; i += 2) p[got[i]] = got[i + 1];
  if (got[8] !== undefined) {
    got[9] = ctx;
    // A symbol of the shell's own: no key, JSON or loop of the
    // application's sees it, and a plain store costs a fraction of a
    // second `defineProperty`.
    p[ROUND] = got;
    Object.defineProperty(p, got[8], LAZY);
  }
  return p;
}
