// @ts-check
// What every entry of the client exports, over the build it names.
import { agentClass } from "./client.js";
import { loader } from "./load.js";

/** @param {Parameters<typeof loader>[0]} build see `loader` */
export function entry(build) {
  const wasm = loader(build);
  return {
    /** An AG-UI agent reached over HTTP, as `@ag-ui/client`'s `HttpAgent`. */
    AgentClient: agentClass(class {}, wasm, true),
    /** Loads the WebAssembly now (or from `module_or_path`); a run waits for it anyway. */
    ready: wasm.ready,
  };
}
