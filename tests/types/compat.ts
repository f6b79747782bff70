// Code typed with @ag-ui/core type-checks unchanged against our generated
// declarations: each type is assignable to and from its @ag-ui/core
// counterpart. Compiled by `tsc --strict --noEmit`; a failing line is a type error.
import type * as Core from "@ag-ui/core";
import type * as Ours from "../../pkg/index.js";

type Assert<T extends true> = T;
/** A is assignable to B. */
type To<A, B> = [A] extends [B] ? true : false;
/** Assignable both ways. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// Messages, every role.
export type M1 = Assert<Same<Ours.Message, Core.Message>>;
export type M2 = Assert<Same<Ours.UserMessage, Core.UserMessage>>;
export type M3 = Assert<Same<Ours.AssistantMessage, Core.AssistantMessage>>;
export type M4 = Assert<Same<Ours.SystemMessage, Core.SystemMessage>>;
export type M5 = Assert<Same<Ours.DeveloperMessage, Core.DeveloperMessage>>;
export type M6 = Assert<Same<Ours.ToolMessage, Core.ToolMessage>>;
export type M7 = Assert<Same<Ours.ActivityMessage, Core.ActivityMessage>>;
export type M8 = Assert<Same<Ours.ReasoningMessage, Core.ReasoningMessage>>;

// Content parts and their sources.
export type P1 = Assert<Same<Ours.ContentPart, Core.ContentPart>>;
export type P2 = Assert<Same<Ours.TextPart, Core.TextPart>>;
export type P3 = Assert<Same<Ours.ImagePart, Core.ImagePart>>;
export type P4 = Assert<Same<Ours.AudioPart, Core.AudioPart>>;
export type P5 = Assert<Same<Ours.VideoPart, Core.VideoPart>>;
export type P6 = Assert<Same<Ours.DocumentPart, Core.DocumentPart>>;
export type P7 = Assert<Same<Ours.PartSource, Core.PartSource>>;
export type P8 = Assert<Same<Ours.InputContent, Core.InputContent>>;

// Tool calls, tools, context, run input, interrupts, resume entries, usage.
export type T1 = Assert<Same<Ours.ToolCall, Core.ToolCall>>;
export type T2 = Assert<Same<Ours.FunctionCall, Core.FunctionCall>>;
export type T3 = Assert<Same<Ours.Tool, Core.Tool>>;
export type T4 = Assert<Same<Ours.Context, Core.Context>>;
export type T5 = Assert<Same<Ours.RunAgentInput, Core.RunAgentInput>>;
export type T6 = Assert<Same<Ours.Interrupt, Core.Interrupt>>;
export type T7 = Assert<Same<Ours.ResumeEntry, Core.ResumeEntry>>;
export type T8 = Assert<Same<Ours.TokenUsage, Core.TokenUsage>>;
export type T9 = Assert<Same<Ours.JsonPatchOperation, Core.JsonPatchOperation>>;
export type T10 = Assert<Same<Ours.RunFinishedOutcome, Core.RunFinishedOutcome>>;

// Events: theirs are assignable to ours; ours to theirs apart from `type`,
// which @ag-ui/core types as a TypeScript enum and we as string literals.
type Both<O, C extends { type: unknown }> = [To<C, O>, To<O, Omit<C, "type">>] extends [true, true] ? true : false;
export type E1 = Assert<Both<Ours.TextMessageStartEvent, Core.TextMessageStartEvent>>;
export type E2 = Assert<Both<Ours.TextMessageContentEvent, Core.TextMessageContentEvent>>;
export type E3 = Assert<Both<Ours.TextMessageEndEvent, Core.TextMessageEndEvent>>;
export type E4 = Assert<Both<Ours.TextMessageChunkEvent, Core.TextMessageChunkEvent>>;
export type E5 = Assert<Both<Ours.ToolCallStartEvent, Core.ToolCallStartEvent>>;
export type E6 = Assert<Both<Ours.ToolCallArgsEvent, Core.ToolCallArgsEvent>>;
export type E7 = Assert<Both<Ours.ToolCallEndEvent, Core.ToolCallEndEvent>>;
export type E8 = Assert<Both<Ours.ToolCallChunkEvent, Core.ToolCallChunkEvent>>;
export type E9 = Assert<Both<Ours.ToolCallResultEvent, Core.ToolCallResultEvent>>;
export type E10 = Assert<Both<Ours.StateSnapshotEvent, Core.StateSnapshotEvent>>;
export type E11 = Assert<Both<Ours.StateDeltaEvent, Core.StateDeltaEvent>>;
export type E12 = Assert<Both<Ours.MessagesSnapshotEvent, Core.MessagesSnapshotEvent>>;
export type E13 = Assert<Both<Ours.ActivitySnapshotEvent, Core.ActivitySnapshotEvent>>;
export type E14 = Assert<Both<Ours.ActivityDeltaEvent, Core.ActivityDeltaEvent>>;
export type E15 = Assert<Both<Ours.RawEvent, Core.RawEvent>>;
export type E16 = Assert<Both<Ours.CustomEvent, Core.CustomEvent>>;
export type E17 = Assert<Both<Ours.RunStartedEvent, Core.RunStartedEvent>>;
export type E18 = Assert<Both<Ours.RunFinishedEvent, Core.RunFinishedEvent>>;
export type E19 = Assert<Both<Ours.RunErrorEvent, Core.RunErrorEvent>>;
export type E20 = Assert<Both<Ours.StepStartedEvent, Core.StepStartedEvent>>;
export type E21 = Assert<Both<Ours.StepFinishedEvent, Core.StepFinishedEvent>>;
export type E22 = Assert<Both<Ours.ReasoningStartEvent, Core.ReasoningStartEvent>>;
export type E23 = Assert<Both<Ours.ReasoningMessageStartEvent, Core.ReasoningMessageStartEvent>>;
export type E24 = Assert<Both<Ours.ReasoningMessageContentEvent, Core.ReasoningMessageContentEvent>>;
export type E25 = Assert<Both<Ours.ReasoningMessageEndEvent, Core.ReasoningMessageEndEvent>>;
export type E26 = Assert<Both<Ours.ReasoningMessageChunkEvent, Core.ReasoningMessageChunkEvent>>;
export type E27 = Assert<Both<Ours.ReasoningEndEvent, Core.ReasoningEndEvent>>;
export type E28 = Assert<Both<Ours.ReasoningEncryptedValueEvent, Core.ReasoningEncryptedValueEvent>>;
export type E29 = Assert<Both<Ours.SubagentStartedEvent, Core.SubagentStartedEvent>>;
export type E30 = Assert<Both<Ours.SubagentFinishedEvent, Core.SubagentFinishedEvent>>;
export type E31 = Assert<Both<Ours.SubagentErrorEvent, Core.SubagentErrorEvent>>;
// The union as a whole: theirs is assignable to ours.
export type E32 = Assert<To<Core.Event, Ours.Event>>;
