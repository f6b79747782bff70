// The README's bridge between @ag-ui/core's EventType enum and our string
// literals, compiled so the advice stays true.
import { EventType, type Event as CoreEvent } from "@ag-ui/core";
import type { Event } from "../../pkg/index.js";

export const toCore = (e: Event) => e as unknown as CoreEvent;
export const fromCore = (e: CoreEvent): Event => e;
export const isTextStart = (e: Event) => e.type === EventType.TEXT_MESSAGE_START;
