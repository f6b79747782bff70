// Browsers, workers and bundlers: the .wasm is fetched next to this module
// (`new URL(..., import.meta.url)`, which Vite and webpack understand without
// a plugin) and instantiated before anything is exported.
import init from "./dist/agui_wasm.js";

await init({ module_or_path: new URL("./dist/agui_wasm_bg.wasm", import.meta.url) });

export * from "./dist/agui_wasm.js";
