// The agent under test, `--agent stock`: @ag-ui/client's own HttpAgent.
export { HttpAgent } from "@ag-ui/client";
