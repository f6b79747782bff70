// The agent under test, `--agent wasm`: agui-wasm's drop-in HttpAgent.
export { HttpAgent } from "agui-wasm/http-agent";
