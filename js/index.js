// @ts-check
// agui-wasm, for browsers, workers and bundlers. Importing it loads
// nothing: the .wasm (beside this module, found by
// `new URL(..., import.meta.url)`, which bundlers carry) is fetched and
// compiled when a client first needs it, or when the application calls
// `ready()`.
import * as glue from "./dist/agui_wasm.js";
import { entry } from "./entry.js";

export const { AgentClient, ready } = entry(glue, () => new URL("./dist/agui_wasm_bg.wasm", import.meta.url));
export { isAgentError, ERRORS } from "./errors.js";
