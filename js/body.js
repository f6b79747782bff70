// @ts-check
// A run's request body, written from the parts the core hands out.

// The request body around the history and state the client holds as JS
// values (the state's JSON text where the client still has it, else its JS
// copy; both undefined leave it out), and the run's input as callbacks
// read it: what the body says, with `state` and `messages` parsed from it
// the first time one is read, so a long history costs a run nothing there
// unless someone looks. `[body, input]`.
/** @param {string} head @param {string | undefined} stateText @param {any} state @param {any[]} messages @param {string} tail @returns {[string, any]} */
export function writeBody(head, stateText, state, messages, tail) {
  const json = stateText ?? (state === undefined ? undefined : JSON.stringify(state));
  /** @param {string | undefined} s @param {string} m */
  const frame = (s, m) => head + (s === undefined ? "" : '"state":' + s + ",") + '"messages":' + m + tail;
  const body = frame(json, JSON.stringify(messages));
  // The small members, in the body's order, with placeholders in the two
  // large ones' places.
  const input = JSON.parse(frame(json && "0", "0"));
  /** @type {any} */
  let whole;
  /** @param {string} key */
  const lazy = (key) => ({
    /** @this {any} */
    get() {
      whole ??= JSON.parse(body);
      return own(this, key, whole[key]);
    },
    /** @this {any} @param {any} v */
    set(v) { own(this, key, v); },
    enumerable: true,
    configurable: true,
  });
  if (json !== undefined) Object.defineProperty(input, "state", lazy("state"));
  Object.defineProperty(input, "messages", lazy("messages"));
  return [body, input];
}
/** `o[key] = v` as a data member, in the place the key has. @param {any} o @param {string} key @param {any} v */
function own(o, key, v) {
  Object.defineProperty(o, key, { value: v, writable: true, enumerable: true, configurable: true });
  return v;
}
