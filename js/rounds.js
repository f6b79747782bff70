// @ts-check
// Subscribers called as the reference calls them: in order, each awaited,
// a callback looked up when it is called, a throw reported and skipped, a
// returned `{ messages, state, stopPropagation }` taken up.

/** @typedef {Record<string, any>} Subscriber */

/** @param {any} v */
export const isThenable = (v) => v !== null && (typeof v === "object" || typeof v === "function") && typeof v.then === "function";

/** @param {string} name @param {unknown} e */
export function report(name, e) {
  console.error(`Subscriber error in ${name}:`, e);
}

/**
 * Calls `name` on each subscriber that defines it, in order, awaiting what
 * it returns (for no longer than `until` takes to settle, if given: a
 * callback that awaits the run's own end must not hold it up). `params`
 * makes each call's argument; `take` gets each returned mutation's
 * `messages` and `state` at once, so the next subscriber sees them.
 * Returns whether one stopped propagation.
 * @param {() => Subscriber[]} subscribers the subscribers now
 * @param {string} name
 * @param {() => object} params
 * @param {((messages: any, state: any) => void) | null} take
 * @param {Promise<unknown>} [until]
 */
export async function callRound(subscribers, name, params, take, until) {
  for (const sub of subscribers()) {
    const f = sub?.[name];
    if (typeof f !== "function") continue;
    let ret;
    try {
      ret = f.call(sub, params());
      if (isThenable(ret)) ret = await (until ? Promise.race([ret, until]) : ret);
    } catch (e) {
      report(name, e);
      continue;
    }
    if (ret === null || typeof ret !== "object" || !take) continue;
    take(ret.messages, ret.state);
    if (ret.stopPropagation === true) return true;
  }
  return false;
}

/**
 * Announcements of a change made through the API (`addMessage(s)`,
 * `setMessages`, `setState`), at the reference's time: the first
 * subscriber's first callback before the method returns, every later one
 * after it, each awaited, as an async function runs up to its first
 * `await`. What they return changes nothing.
 * @param {Subscriber[]} subscribers
 * @param {[string, (() => object)][]} steps each callback and its argument
 */
export function announce(subscribers, steps) {
  const [first, ...more] = subscribers;
  if (!first || steps.length === 0) return;
  const [name0, params0] = steps[0];
  /** @type {unknown} */
  let now;
  const f = first[name0];
  if (typeof f === "function") {
    try {
      now = f.call(first, params0());
    } catch (e) {
      report(name0, e);
    }
  }
  (async () => {
    if (isThenable(now)) {
      try {
        await now;
      } catch (e) {
        report(name0, e);
      }
    }
    for (const [k, [name, params]] of steps.entries()) {
      await callRound(() => (k === 0 ? more : subscribers), name, params, null);
    }
  })();
}
