//! TypeScript that no generator reaches. The protocol types are generated
//! from the Rust types by tsify; what is here: the JSON values serde_json
//! leaves open, and the subscriber interface, written from the core's
//! callback tables (the shell's own types are in its JSDoc).

use wasm_bindgen::prelude::*;

#[cfg(feature = "client")]
use crate::core::session::AGENT_SUBSCRIBER_TS;

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

#[cfg(feature = "client")]
#[wasm_bindgen(typescript_custom_section)]
const SUBSCRIBER: &'static str = r#"
import type { AgentClient } from "../index.js";

/** What a subscriber may return: replacement messages or state, or that the event not be applied. */
export interface AgentStateMutation {
  messages?: Message[];
  state?: State;
  stopPropagation?: boolean;
}

/** What every callback receives. */
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
"#;

#[cfg(feature = "client")]
#[wasm_bindgen(typescript_custom_section)]
const AGENT_SUBSCRIBER: &'static str = AGENT_SUBSCRIBER_TS[0];
#[cfg(feature = "client")]
#[wasm_bindgen(typescript_custom_section)]
const AGENT_SUBSCRIBER_EVENTS: &'static str = AGENT_SUBSCRIBER_TS[1];
