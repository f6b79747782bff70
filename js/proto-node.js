// @ts-check
// agui-wasm/proto in Node 20: the client that reads protobuf too, loaded
// as agui-wasm is in Node.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as glue from "./dist-proto/agui_wasm.js";
import { entry } from "./entry.js";

const file = () => readFileSync(fileURLToPath(new URL("./dist-proto/agui_wasm_bg.wasm", import.meta.url)));
export const { AgentClient, ready } = entry(glue, file, file);
export { isAgentError, ERRORS } from "./errors.js";
