//! TypeScript that no generator reaches. The protocol types are generated
//! from the Rust types by tsify; what is here: the JSON values serde_json
//! leaves open, and the subscriber interface, written from the core's
//! callback tables (the shell's own types are in its JSDoc).

use wasm_bindgen::prelude::*;

#[cfg(feature = "client")]
use crate::core::{session::callbacks_table, types::event::events_table, types::event::extra};

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

/// The `AgentSubscriber` interface's lifecycle and announcement callbacks,
/// from the core's table; each one's parameters are here.
#[cfg(feature = "client")]
macro_rules! lifecycle_ts {
    (
        lifecycle { $($lconst:ident = $lname:literal;)* }
        announcements { $($aconst:ident = $aname:literal;)* }
    ) => {
        concat!(
            "/** Callbacks named as @ag-ui/client names them; define only the ones you need. */\n",
            "export interface AgentSubscriber {\n",
            $("  ", $lname, lifecycle_ts!(@params $lconst), ";\n",)*
            $("  ", $aname, lifecycle_ts!(@params $aconst), ";\n",)*
            "}\n",
        )
    };
    (@params ON_EVENT) => { "?(params: { event: Event } & AgentSubscriberParams): SubscriberResult" };
    (@params ON_RUN_INITIALIZED) => { "?(params: AgentSubscriberParams): SubscriberResult" };
    (@params ON_RUN_FAILED) => { "?(params: { error: Error } & AgentSubscriberParams): SubscriberResult" };
    (@params ON_RUN_FINALIZED) => { "?(params: AgentSubscriberParams): SubscriberResult" };
    (@params ON_NEW_MESSAGE) => {
        "?(params: { message: Message } & Omit<AgentSubscriberParams, \"input\"> & { input?: RunAgentInput }): SubscriberResult"
    };
    (@params ON_NEW_TOOL_CALL) => {
        "?(params: { toolCall: ToolCall } & Omit<AgentSubscriberParams, \"input\"> & { input?: RunAgentInput }): SubscriberResult"
    };
    (@params ON_MESSAGES_CHANGED) => {
        "?(params: Omit<AgentSubscriberParams, \"input\"> & { input?: RunAgentInput }): SubscriberResult"
    };
    (@params ON_STATE_CHANGED) => {
        "?(params: Omit<AgentSubscriberParams, \"input\"> & { input?: RunAgentInput }): SubscriberResult"
    };
}

/// The event callbacks of the `AgentSubscriber` interface (merged with the
/// others by TypeScript's interface merging), from the core's events table;
/// the extras' types are here.
#[cfg(feature = "client")]
macro_rules! event_callbacks_ts {
    ($($variant:ident($ty:ident) = $wire:literal, $kind:ident
        $({ $($x:ident $(: $opt:ident)?),* })?;)*) => {
        concat!(
            "export interface AgentSubscriber {\n",
            $(event_callbacks_ts!(@ts $kind $variant $wire $({ $($x $(: $opt)?),* })?),)*
            "}\n",
        )
    };
    (@ts none $variant:ident $wire:literal) => { "" };
    (@ts plain $variant:ident $wire:literal) => {
        concat!("  on", stringify!($variant), "Event?: EventCallback<\"", $wire, "\">;\n")
    };
    (@ts with $variant:ident $wire:literal { $first:ident $(: $fopt:ident)? $(, $x:ident $(: $opt:ident)?)* }) => {
        concat!(
            "  on", stringify!($variant), "Event?: EventCallback<\"", $wire, "\", { ",
            extra!($first), $(event_callbacks_ts!(@optional $fopt),)? ": ", event_callbacks_ts!(@type $first),
            $("; ", extra!($x), $(event_callbacks_ts!(@optional $opt),)? ": ", event_callbacks_ts!(@type $x),)*
            " }>;\n"
        )
    };
    (@ts own RunFinished $wire:literal) => {
        concat!(
            "  onRunFinishedEvent?(\n",
            "    params: { event: EventOf<\"", $wire, "\"> } & (\n",
            "      | { outcome: \"success\"; result?: any; pendingToolCallIds: string[] }\n",
            "      | { outcome: \"interrupt\"; interrupts: Interrupt[] }\n",
            "      | { outcome: \"cancelled\" }\n",
            "    ) &\n",
            "      AgentSubscriberParams,\n",
            "  ): SubscriberResult;\n",
        )
    };
    (@optional optional) => { "?" };
    (@type TEXT_MESSAGE_BUFFER) => { "string" };
    (@type REASONING_MESSAGE_BUFFER) => { "string" };
    (@type TOOL_CALL_BUFFER) => { "string" };
    (@type TOOL_CALL_NAME) => { "string" };
    (@type PARTIAL_TOOL_CALL_ARGS) => { "Record<string, any>" };
    (@type TOOL_CALL_ARGS) => { "Record<string, any>" };
    (@type ACTIVITY_MESSAGE) => { "ActivityMessage" };
    (@type EXISTING_MESSAGE) => { "Message" };
}

#[cfg(feature = "client")]
#[wasm_bindgen(typescript_custom_section)]
const AGENT_SUBSCRIBER: &'static str = callbacks_table!(lifecycle_ts);
#[cfg(feature = "client")]
#[wasm_bindgen(typescript_custom_section)]
const AGENT_SUBSCRIBER_EVENTS: &'static str = events_table!(event_callbacks_ts);
