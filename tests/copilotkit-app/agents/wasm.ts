// The same class name and constructor, with runs through agui-wasm's client.
export { HttpAgent } from "agui-wasm/http-agent";
export const kind = "wasm";
