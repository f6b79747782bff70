export * from "./dist-adapters/agui_wasm.js";
