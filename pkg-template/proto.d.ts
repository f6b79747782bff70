export * from "./dist-proto/agui_wasm.js";
