export * from "./dist/agui_wasm.js";
