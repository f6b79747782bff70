//! TypeScript that no generator reaches. The protocol types are generated
//! from the Rust types by tsify; what is here is JavaScript-only: the JSON
//! values serde_json leaves open, and the shapes of callbacks and options,
//! which exist only on the JS side of the boundary.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const OPEN_JSON: &'static str = r#"
/** Extra information on an event, a message or a tool call: open by key. */
export type Metadata = Record<string, any>;
/** A JSON object whose keys the protocol leaves open (activity content). */
export type JsonObject = Record<string, any>;
/** Agent state: any JSON value. */
export type State = any;
/** A JSON Patch (RFC 6902). */
export type JsonPatch = JsonPatchOperation[];
/** @ag-ui/core's names for types whose Rust names are shorter. */
export type JsonPointer = Pointer;
export type JsonPatchOperation = PatchOp;
export type RunFinishedOutcome = RunOutcome;
export type SubagentFinishedOutcome = SubagentOutcome;
export type TextMessageRole = TextRole;
export type ReasoningEncryptedValueSubtype = EncryptedSubtype;
/** Every message role. */
export type Role = Message["role"];
/** The content parts of a user or tool message, as @ag-ui/core also names them. */
export type InputContent = ContentPart;
/** The event of a given type, with its `type` discriminant. */
export type EventOf<T extends Event["type"]> = Extract<Event, { type: T }>;
"#;

#[wasm_bindgen(typescript_custom_section)]
const CLIENT: &'static str = r#"
/** Options of `new AgentClient(...)`, as `HttpAgent`'s plus batching and limits. */
export interface AgentClientConfig {
  url: string;
  headers?: Record<string, string>;
  threadId?: string;
  agentId?: string;
  description?: string;
  initialMessages?: Message[];
  initialState?: State;
  /** Defaults to the global `fetch` (windows, workers, Node 20). */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** Where `connectAgent` POSTs to re-attach; without it `connectAgent` makes no request, as HttpAgent's. */
  connectUrl?: string;
  /** When subscribers hear of changes: once per network chunk (default), per event, or throttled. */
  batching?: "chunk" | "event" | { throttleMs: number };
  /** The largest single event, in bytes (default 16 MiB). */
  maxEventSize?: number;
  /** Log what the client repaired or dropped (never message content otherwise). */
  debug?: boolean;
  /** Ask the agent for the protobuf transport (`agui-wasm/proto` only; both transports are read). */
  acceptProtobuf?: boolean;
  /** Whether the request body names the protocol version (default true, as @ag-ui/client 1.0 does; 0.0.x sent none). */
  sendProtocolVersion?: boolean;
  /** The object callbacks receive as `agent`, held weakly (a wrapper class passes itself; see `agui-wasm/http-agent`). */
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

/** What a subscriber may return: replacement messages or state, or that the event not be applied. */
export interface AgentStateMutation {
  messages?: Message[];
  state?: State;
  stopPropagation?: boolean;
}

/** What every callback receives. `messages` and `state` are read lazily. */
export interface AgentSubscriberParams {
  messages: Message[];
  state: State;
  agent: AgentClient;
  input: RunAgentInput;
}

type SubscriberResult = AgentStateMutation | void | Promise<AgentStateMutation | void>;
type EventCallback<T extends Event["type"], Extra = {}> = (
  params: { event: EventOf<T> } & Extra & AgentSubscriberParams,
) => SubscriberResult;


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
"#;
