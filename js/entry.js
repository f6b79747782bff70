// @ts-check
// What every entry exports, over the WebAssembly build it names.
import { agentClass } from "./client.js";
import { loader } from "./load.js";

/**
 * @param {import("./load.js").Glue} glue the build's wasm-bindgen module
 * @param {Parameters<typeof loader>[1]} where its `.wasm`, asked when first needed
 * @param {Parameters<typeof loader>[2]} [now] its bytes at once, where the platform can read them so
 */
export function entry(glue, where, now) {
  const wasm = loader(glue, where, now);
  return {
    /** An AG-UI agent reached over HTTP, as `@ag-ui/client`'s `HttpAgent`. */
    AgentClient: agentClass(class {}, wasm, true),
    /** Loads the WebAssembly now (or from `module_or_path`); a run waits for it anyway. */
    ready: wasm.ready,
  };
}
