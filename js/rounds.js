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
 * Calls `name` on each subscriber that defines it, in order, with
 * `params(arg)`, awaiting what it returns (through `wait`, if given: a
 * callback that awaits the run's own end must not hold it up); `take`
 * gets each returned mutation's `messages` and `state` at once, so the
 * next subscriber sees them. Whether one stopped propagation; a promise
 * of it only once a callback returned one (a round of synchronous
 * callbacks takes no turn of the event loop).
 * @template A
 * @param {Subscriber[]} subscribers
 * @param {string} name
 * @param {(arg: A) => object} params @param {A} arg
 * @param {((messages: any, state: any) => void) | null} take
 * @param {(p: PromiseLike<any>) => Promise<any>} [wait]
 * @param {number} [start] the first subscriber's place
 * @returns {boolean | Promise<boolean>}
 */
export function callRound(subscribers, name, params, arg, take, wait, start = 0) {
  for (let i = start; i < subscribers.length; i++) {
    const sub = subscribers[i];
    const f = sub?.[name];
    if (typeof f !== "function") continue;
    let ret;
    try {
      ret = f.call(sub, params(arg));
    } catch (e) {
      report(name, e);
      continue;
    }
    if (isThenable(ret)) return awaited(subscribers, name, params, arg, take, wait, i, ret);
    if (taken(ret, take)) return true;
  }
  return false;
}

/**
 * The round after subscriber `i` returned `pending`.
 * @template A
 * @param {Subscriber[]} subscribers @param {string} name @param {(arg: A) => object} params @param {A} arg
 * @param {((messages: any, state: any) => void) | null} take
 * @param {((p: PromiseLike<any>) => Promise<any>) | undefined} wait
 * @param {number} i @param {PromiseLike<any>} pending
 */
async function awaited(subscribers, name, params, arg, take, wait, i, pending) {
  try {
    if (taken(await (wait ? wait(pending) : pending), take)) return true;
  } catch (e) {
    report(name, e);
  }
  return callRound(subscribers, name, params, arg, take, wait, i + 1);
}

/** Takes a returned mutation; whether it stops propagation. @param {any} ret @param {((messages: any, state: any) => void) | null} take */
function taken(ret, take) {
  if (ret === null || typeof ret !== "object" || !take) return false;
  take(ret.messages, ret.state);
  return ret.stopPropagation === true;
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
      await callRound(k === 0 ? more : subscribers, name, params, undefined, null);
    }
  })();
}
