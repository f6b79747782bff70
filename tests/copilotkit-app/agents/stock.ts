// The agent class CopilotKit is documented with: the reference the wasm
// build is held to.
export { HttpAgent } from "@ag-ui/client";
export const kind = "stock";
