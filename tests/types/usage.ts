// Existing code typed with @ag-ui/core, moved to AgentClient: the one-line change.
import type { AssistantMessage, Message, ToolCall, UserMessage } from "@ag-ui/core";
import { AgentClient } from "../../pkg/index.js";

const history: Message[] = [{ id: "u1", role: "user", content: "hi" } satisfies UserMessage];
const agent = new AgentClient({ url: "/api/agent", initialMessages: history });

export async function send(text: string): Promise<Message[]> {
  agent.addMessage({ id: crypto.randomUUID(), role: "user", content: text });
  const { newMessages } = await agent.runAgent(
    { tools: [{ name: "weather", description: "Weather for a city", parameters: { type: "object" } }] },
    {
      onTextMessageContentEvent: ({ event, textMessageBuffer }) => {
        const total: string = textMessageBuffer + event.delta;
        void total;
      },
      onToolCallArgsEvent: ({ partialToolCallArgs, toolCallName }) => {
        void [partialToolCallArgs.city, toolCallName.toUpperCase()];
      },
      onRunFinishedEvent: (params) => {
        if (params.outcome === "interrupt") params.interrupts.forEach((i) => i.reason);
      },
      onMessagesChanged: ({ messages }) => {
        const calls: ToolCall[] = messages.flatMap((m) => (m.role === "assistant" ? (m as AssistantMessage).toolCalls ?? [] : []));
        void calls;
      },
    },
  );
  const ours: Message[] = agent.messages;
  return [...ours, ...newMessages];
}
