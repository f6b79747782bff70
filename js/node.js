// @ts-check
// agui-wasm in Node 20: the same client, the .wasm read from beside this
// module when a client first needs it (at once, so a client checks what
// it is given as it is given it).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as glue from "./dist/agui_wasm.js";
import { entry } from "./entry.js";

const file = () => readFileSync(fileURLToPath(new URL("./dist/agui_wasm_bg.wasm", import.meta.url)));
export const { AgentClient, ready } = entry(glue, file, file);
export { isAgentError, ERRORS } from "./errors.js";
