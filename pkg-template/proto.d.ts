// agui-wasm/proto: the same client and types as agui-wasm (the builds
// differ in what they read, not in their shapes).
export * from "./index.js";
