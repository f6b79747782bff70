// @ts-check
// agui-wasm/proto: the same client, built to also read the AG-UI protobuf
// transport (application/vnd.ag-ui.event+proto), for browsers and
// bundlers; loaded as agui-wasm is.
import * as glue from "./dist-proto/agui_wasm.js";
import { entry } from "./entry.js";

export const { AgentClient, ready } = entry(glue, () => new URL("./dist-proto/agui_wasm_bg.wasm", import.meta.url));
export { isAgentError, ERRORS } from "./errors.js";
