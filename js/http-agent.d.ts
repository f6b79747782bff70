// agui-wasm/http-agent: written by hand, because the class extends the
// application's own `@ag-ui/client` HttpAgent (a peer dependency), which no
// generator on the Rust side can see.
import { HttpAgent as BaseHttpAgent, type HttpAgentConfig } from "@ag-ui/client";

/** Options of `@ag-ui/client`'s HttpAgent, plus where `connectAgent` re-attaches. */
export type WasmHttpAgentConfig = HttpAgentConfig & {
  /** POST target of `connectAgent`; without it connecting makes no request, as HttpAgent's does. */
  connectUrl?: string;
  /** As @ag-ui/client 1.0.4's (every base class gets it here): the most container entries one event or outgoing input may hold. */
  maxEnforcedEntries?: number;
  /**
   * The WebAssembly client to run on: `AgentClient` of `agui-wasm/proto`
   * reads protobuf responses (`application/vnd.ag-ui.event+proto`) as well
   * as SSE; the default entry's reads SSE and names the protobuf one when a
   * server answers in protobuf.
   */
  client?: new (config: any) => object;
};

/**
 * `@ag-ui/client`'s HttpAgent (the application's own class: `instanceof`
 * and the types are its), with runs parsed, verified and reduced in
 * WebAssembly.
 */
export declare class HttpAgent extends BaseHttpAgent {
  constructor(config: WasmHttpAgentConfig);
  get maxEnforcedEntries(): number;
  set maxEnforcedEntries(value: number);
}
