// @ts-check
// A client's core, made from the JavaScript copies it kept while there
// was none, and the edits JavaScript made to the array it was handed.
// Loaded with the run code, when the module is: a page's first paint
// waits for neither.

/** @typedef {import("./client.js").Slot} Slot */
/** @typedef {import("./dist/agui_wasm.js").Core} Core */

/**
 * A core holding the copies, their objects kept as the messages' objects.
 * @param {import("./load.js").Glue} glue @param {Slot} s
 */
export function made(glue, s) {
  const c = s.copy;
  const core = new glue.Core(undefined, undefined, new Float64Array(s.limits), s.batching);
  if (c.messages.length > 0) core.takeHistory(JSON.stringify(c.messages), c.messages, c.handedOut);
  const stateText = c.stateText ?? JSON.stringify(c.state);
  if (stateText !== undefined) core.adoptState(stateText, c.state);
  if (c.interrupts.length > 0) core.setPendingInterrupts(JSON.stringify(c.interrupts));
  return core;
}

/**
 * Takes in the edits JavaScript made in place to the `messages` array it
 * was handed (CopilotKit pushes a tool's result into it, then runs): they
 * are what the next request sends and the history keeps. Checked once per
 * run and per change made through the API, never per event.
 * @param {Core} core
 */
export function takeEdits(core) {
  const check = core.messagesToCheck();
  if (!check) return;
  const [array, copy] = check;
  if (copy && array.length === copy.length && array.every((m, i) => m === copy[i])) return;
  core.adoptMessages(JSON.stringify(array), array, true);
}
