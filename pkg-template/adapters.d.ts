// agui-wasm/adapters: the adapters' functions, generated from the Rust
// exports (dist-adapters/agui_wasm.d.ts), and `ready()`, which loads their
// WebAssembly (in a browser, await it before the first call).
export { toLangChain, fromLangChain, toOpenAIChat, fromOpenAIChat, toAnthropic } from "./dist-adapters/agui_wasm.js";
export type * from "./dist-adapters/agui_wasm.js";
export declare function ready(options?: { module_or_path?: RequestInfo | URL | Response | BufferSource | WebAssembly.Module }): Promise<void>;
