// agui-wasm: the client's declarations, written by hand for the JavaScript
// shell's class (checked against its JSDoc by `tsc --checkJs` and against
// use by tests/types). The protocol types are generated from the Rust
// types (tsify, dist/agui_wasm.d.ts); the error names from the one table
// (errors.d.ts, written by tsc from errors.js).
import type {
  AgentSubscriber,
  Context,
  Interrupt,
  Message,
  ResumeEntry,
  RunAgentInput,
  State,
  Tool,
} from "./dist/agui_wasm.js";

export type * from "./dist/agui_wasm.js";
export { ERRORS, isAgentError, type AgentErrorName } from "./errors.js";

/** Options of `new AgentClient(...)`, as `HttpAgent`'s plus batching and limits. */
export interface AgentClientConfig {
  url: string;
  headers?: Record<string, string>;
  threadId?: string;
  agentId?: string;
  description?: string;
  initialMessages?: Message[];
  initialState?: State;
  /** Defaults to the global `fetch` (windows, workers, Node 20), read at each request. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** Where `connectAgent` POSTs to re-attach; without it `connectAgent` makes no request, as HttpAgent's. */
  connectUrl?: string;
  /** When subscribers hear of changes: once per network chunk (default), per event, or throttled. */
  batching?: "chunk" | "event" | { throttleMs: number };
  /** The largest single event, in bytes (default 16 MiB). */
  maxEventSize?: number;
  /** The largest state (or activity content) a JSON Patch may build, about its JSON's length (default 32 MiB). */
  maxStateSize?: number;
  /**
   * The most container entries (array items, object members) one event, or
   * one run's outgoing input, may hold before the run fails with an
   * `AgentEnforcementLimitError`: 1,000,000 by default, as @ag-ui/client
   * 1.0.4's; `Infinity` disables it; 0, a negative number or NaN throws.
   * Opaque values (state, metadata, forwardedProps, rawEvent) cost nothing.
   */
  maxEnforcedEntries?: number;
  /** Log what the client repaired or dropped (never message content otherwise). */
  debug?: boolean;
  /** Ask the agent for the protobuf transport (`agui-wasm/proto` only; both transports are read). */
  acceptProtobuf?: boolean;
  /** Whether the request body names the protocol version (default true, as @ag-ui/client 1.0 does; 0.0.x sent none). */
  sendProtocolVersion?: boolean;
  /** The object callbacks receive as `agent`, held weakly (a wrapper passes itself). */
  agent?: WeakRef<object>;
}

/** What `runAgent` and `connectAgent` take. */
export interface RunAgentParameters {
  runId?: string;
  tools?: Tool[];
  context?: Context[];
  forwardedProps?: any;
  /** Answers to every interrupt the last run left open. */
  resume?: ResumeEntry[];
  abortController?: AbortController;
}

/** What `runAgent` resolves to. */
export interface RunAgentResult {
  /** `RUN_FINISHED.result` of the run's last successful finish. */
  result: any;
  /** Messages the run added, in history order. */
  newMessages: Message[];
}

/** Options of `openEventSource`. */
export interface EventSourceOptions {
  /** Defaults to the client's `url`. */
  url?: string;
  /** Delay before reconnecting when the server named none (ms, default 3000). */
  retryMs?: number;
  /** Reconnections in a row before giving up (default: no limit). */
  maxRetries?: number;
}

/** A followed GET event stream. */
export interface EventSourceHandle {
  close(): void;
  /** Settles when closed; rejects when the stream fails for good. */
  closed: Promise<void>;
}

/** Where the `.wasm` is, for `ready()`: a URL, a Response, its bytes, or a compiled module. */
export type WasmSource = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

/**
 * An AG-UI agent reached over HTTP, with `HttpAgent`'s fields and methods.
 * Messages, state and interrupts are reduced in WebAssembly; JavaScript
 * sees finished values. It works before its WebAssembly is loaded; a run
 * waits for it.
 */
export declare class AgentClient {
  constructor(config: AgentClientConfig);
  /** The conversation: the same array until something changes; unchanged messages keep their objects. */
  get messages(): Message[];
  set messages(messages: Message[]);
  get state(): State;
  set state(state: State);
  threadId: string;
  agentId: string | undefined;
  description: string;
  url: string;
  headers: Record<string, string>;
  get isRunning(): boolean;
  pendingInterrupts: Interrupt[];
  /** See `AgentClientConfig.maxEnforcedEntries`; assigning an invalid one throws. */
  maxEnforcedEntries: number;
  abortController: AbortController;
  get activeRunCompletionPromise(): Promise<void> | undefined;
  subscribers: AgentSubscriber[];
  /** Adds a subscriber to every run; `unsubscribe` may be called any number of times. */
  subscribe(subscriber: AgentSubscriber): { unsubscribe(): void };
  addMessage(message: Message): void;
  addMessages(messages: Message[]): void;
  setMessages(messages: Message[]): void;
  setState(state: State): void;
  runAgent(parameters?: RunAgentParameters, subscriber?: AgentSubscriber | AgentSubscriber[]): Promise<RunAgentResult>;
  connectAgent(parameters?: RunAgentParameters, subscriber?: AgentSubscriber | AgentSubscriber[]): Promise<RunAgentResult>;
  /** Stops the run under way: it ends quietly, resolving with what arrived. */
  abortRun(): void;
  /** Leaves the run under way, keeping what arrived, with no error; resolves when it is over. */
  detachActiveRun(): Promise<void>;
  openEventSource(options?: EventSourceOptions): EventSourceHandle;
  clone(): AgentClient;
  /** Releases its WebAssembly memory now, not when the collector finds it unreachable. */
  free(): void;
  /** The run's input as the reference builds it; a run writes it itself unless this is patched or overridden. */
  prepareRunAgentInput(parameters?: RunAgentParameters): RunAgentInput;
}

/** Loads the WebAssembly now (from `module_or_path` if given); a run waits for it anyway. */
export declare function ready(options?: { module_or_path?: WasmSource | Promise<WasmSource> }): Promise<void>;
