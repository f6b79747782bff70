//! Every subscriber callback, named once: the list a subscriber is read
//! for, which callback an event calls, and the `AgentSubscriber` interface
//! of the `.d.ts` all come from the tables below.

use crate::core::types::Event;

macro_rules! callbacks {
    (
        lifecycle { $($lname:literal: $lts:literal;)* }
        events { $($variant:ident => $ename:literal, $ets:literal;)* }
        shorthands { $($short:ident),* }
        announcements { $($aname:literal: $ats:literal;)* }
    ) => {
        /// Every callback a subscriber may define, in the reference's order.
        pub const CALLBACKS: &[&str] = &[$($lname,)* $($ename,)* $($aname,)*];

        /// The callback an event calls. The `*_CHUNK` shorthands call none:
        /// they are expanded into the events they stand for first.
        pub fn callback_of(e: &Event) -> &'static str {
            match e {
                $(Event::$variant(_) => $ename,)*
                $(Event::$short(_))|* => "",
            }
        }

        /// The `AgentSubscriber` interface, for the binding's `.d.ts`.
        pub const AGENT_SUBSCRIBER_TS: &str = concat!(
            "/** Callbacks named as @ag-ui/client names them; define only the ones you need. */\n",
            "export interface AgentSubscriber {\n",
            $("  ", $lname, $lts, ";\n",)*
            $("  ", $ename, $ets, ";\n",)*
            $("  ", $aname, $ats, ";\n",)*
            "}\n",
        );
    };
}

callbacks! {
    lifecycle {
        "onEvent": "?(params: { event: Event } & AgentSubscriberParams): SubscriberResult";
        "onRunInitialized": "?(params: AgentSubscriberParams): SubscriberResult";
        "onRunFailed": "?(params: { error: Error } & AgentSubscriberParams): SubscriberResult";
        "onRunFinalized": "?(params: AgentSubscriberParams): SubscriberResult";
    }
    events {
        RunStarted => "onRunStartedEvent", "?: EventCallback<\"RUN_STARTED\">";
        RunFinished => "onRunFinishedEvent", "?(\n    params: { event: EventOf<\"RUN_FINISHED\"> } & (\n      | { outcome: \"success\"; result?: any; pendingToolCallIds: string[] }\n      | { outcome: \"interrupt\"; interrupts: Interrupt[] }\n      | { outcome: \"cancelled\" }\n    ) &\n      AgentSubscriberParams,\n  ): SubscriberResult";
        RunError => "onRunErrorEvent", "?: EventCallback<\"RUN_ERROR\">";
        StepStarted => "onStepStartedEvent", "?: EventCallback<\"STEP_STARTED\">";
        StepFinished => "onStepFinishedEvent", "?: EventCallback<\"STEP_FINISHED\">";
        TextMessageStart => "onTextMessageStartEvent", "?: EventCallback<\"TEXT_MESSAGE_START\">";
        TextMessageContent => "onTextMessageContentEvent", "?: EventCallback<\"TEXT_MESSAGE_CONTENT\", { textMessageBuffer: string }>";
        TextMessageEnd => "onTextMessageEndEvent", "?: EventCallback<\"TEXT_MESSAGE_END\", { textMessageBuffer: string }>";
        ToolCallStart => "onToolCallStartEvent", "?: EventCallback<\"TOOL_CALL_START\">";
        ToolCallArgs => "onToolCallArgsEvent", "?: EventCallback<\n    \"TOOL_CALL_ARGS\",\n    { toolCallBuffer: string; toolCallName: string; partialToolCallArgs: Record<string, any> }\n  >";
        ToolCallEnd => "onToolCallEndEvent", "?: EventCallback<\"TOOL_CALL_END\", { toolCallName: string; toolCallArgs: Record<string, any> }>";
        ToolCallResult => "onToolCallResultEvent", "?: EventCallback<\"TOOL_CALL_RESULT\">";
        StateSnapshot => "onStateSnapshotEvent", "?: EventCallback<\"STATE_SNAPSHOT\">";
        StateDelta => "onStateDeltaEvent", "?: EventCallback<\"STATE_DELTA\">";
        MessagesSnapshot => "onMessagesSnapshotEvent", "?: EventCallback<\"MESSAGES_SNAPSHOT\">";
        ActivitySnapshot => "onActivitySnapshotEvent", "?: EventCallback<\n    \"ACTIVITY_SNAPSHOT\",\n    { activityMessage?: ActivityMessage; existingMessage?: Message }\n  >";
        ActivityDelta => "onActivityDeltaEvent", "?: EventCallback<\"ACTIVITY_DELTA\", { activityMessage: ActivityMessage }>";
        Raw => "onRawEvent", "?: EventCallback<\"RAW\">";
        Custom => "onCustomEvent", "?: EventCallback<\"CUSTOM\">";
        ReasoningStart => "onReasoningStartEvent", "?: EventCallback<\"REASONING_START\">";
        ReasoningMessageStart => "onReasoningMessageStartEvent", "?: EventCallback<\"REASONING_MESSAGE_START\">";
        ReasoningMessageContent => "onReasoningMessageContentEvent", "?: EventCallback<\"REASONING_MESSAGE_CONTENT\", { reasoningMessageBuffer: string }>";
        ReasoningMessageEnd => "onReasoningMessageEndEvent", "?: EventCallback<\"REASONING_MESSAGE_END\", { reasoningMessageBuffer: string }>";
        ReasoningEnd => "onReasoningEndEvent", "?: EventCallback<\"REASONING_END\">";
        ReasoningEncryptedValue => "onReasoningEncryptedValueEvent", "?: EventCallback<\"REASONING_ENCRYPTED_VALUE\">";
        SubagentStarted => "onSubagentStartedEvent", "?: EventCallback<\"SUBAGENT_STARTED\">";
        SubagentFinished => "onSubagentFinishedEvent", "?: EventCallback<\"SUBAGENT_FINISHED\">";
        SubagentError => "onSubagentErrorEvent", "?: EventCallback<\"SUBAGENT_ERROR\">";
    }
    shorthands { TextMessageChunk, ToolCallChunk, ReasoningMessageChunk }
    announcements {
        "onNewMessage": "?(params: { message: Message } & Omit<AgentSubscriberParams, \"input\"> & { input?: RunAgentInput }): SubscriberResult";
        "onNewToolCall": "?(params: { toolCall: ToolCall } & Omit<AgentSubscriberParams, \"input\"> & { input?: RunAgentInput }): SubscriberResult";
        "onMessagesChanged": "?(params: Omit<AgentSubscriberParams, \"input\"> & { input?: RunAgentInput }): SubscriberResult";
        "onStateChanged": "?(params: Omit<AgentSubscriberParams, \"input\"> & { input?: RunAgentInput }): SubscriberResult";
    }
}

/// The callbacks at least one subscriber defines, so that a callback no
/// one listens for costs nothing: no parameters built, no call made.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Listening(Vec<&'static str>);

impl Listening {
    /// From the names subscribers define; names that are not callbacks are left out.
    pub fn of<'a>(names: impl IntoIterator<Item = &'a str>) -> Self {
        let mut set = Vec::new();
        for name in names {
            if let Some(&known) = CALLBACKS.iter().find(|c| **c == name) {
                if !set.contains(&known) {
                    set.push(known);
                }
            }
        }
        Listening(set)
    }

    /// Every callback, as a subscriber that defines them all.
    pub fn all() -> Self {
        Listening(CALLBACKS.to_vec())
    }

    pub fn has(&self, name: &str) -> bool {
        self.0.contains(&name)
    }
}
