// A small assistant-ui chat on the AG-UI runtime, built only from
// assistant-ui's primitives. The HttpAgent comes from "agent-under-test"
// (vite.config.js picks the stock one or agui-wasm's); nothing below knows
// which. Attributes on the DOM (data-*) are what run.mjs reads.
import { useEffect, useMemo, useState } from "react";
import {
  AssistantRuntimeProvider,
  AuiConfig,
  AuiIf,
  ComposerPrimitive,
  ErrorPrimitive,
  MessagePrimitive,
  ThreadListItemPrimitive,
  ThreadListPrimitive,
  ThreadPrimitive,
  Tools,
  useAuiState,
  type TextMessagePartProps,
  type ThreadMessage,
  type ToolCallMessagePartProps,
  type ToolDefinition,
  type Toolkit,
} from "@assistant-ui/react";
import { useAgUiRuntime, type UseAgUiThreadListAdapter } from "@assistant-ui/react-ag-ui";
import { HttpAgent as StockHttpAgent } from "@ag-ui/client";
import { HttpAgent } from "agent-under-test";

type WeatherArgs = { city: string };
type Weather = { city: string; temperatureC: number; conditions: string; humidity: number };

declare global {
  interface Window {
    /** The agent, so a failing check can say what state it is in. */
    __agent: InstanceType<typeof HttpAgent>;
    /** Every call of the weather tool's execute(), in order. */
    __weatherCalls: WeatherArgs[];
  }
}

// The test picks the first thread's id and the header value, so it can tell
// them from anything an agent would make up.
const params = new URLSearchParams(location.search);
const firstThreadId = params.get("thread") ?? "thread-1";

const agent = new HttpAgent({
  url: new URL("/agent", location.href).href,
  headers: { "x-test-header": params.get("header") ?? "" },
  threadId: firstThreadId,
});
window.__agent = agent;
window.__weatherCalls = [];

// agui-wasm's HttpAgent is meant to be a subclass of the app's own
// @ag-ui/client one; "foreign" would mean a second copy of @ag-ui/client.
const agentClass =
  agent instanceof StockHttpAgent ? (Object.getPrototypeOf(agent) === StockHttpAgent.prototype ? "stock" : "subclass") : "foreign";

function ToolCard<TArgs, TResult>({ toolName, toolCallId, argsText, result, status }: ToolCallMessagePartProps<TArgs, TResult>) {
  return (
    <div className="tool" data-tool-call-id={toolCallId} data-tool-name={toolName} data-status={status.type}>
      <code className="args">{argsText}</code>
      {result !== undefined && <code className="result">{JSON.stringify(result)}</code>}
    </div>
  );
}

// A frontend tool: assistant-ui offers it to the agent in the run input and
// runs execute() in the page when the agent calls it.
const weather: ToolDefinition<WeatherArgs, Weather> = {
  type: "frontend",
  description: "The current weather in a city.",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  execute: async ({ city }) => {
    window.__weatherCalls.push({ city });
    return { city, temperatureC: 21, conditions: "Sunny", humidity: 40 };
  },
  render: ToolCard<WeatherArgs, Weather>,
};
const toolkit: Toolkit = { weather };
const config = AuiConfig({ tools: Tools({ toolkit }) });

const Text = ({ text }: TextMessagePartProps) => <span className="text">{text}</span>;

function Message() {
  const id = useAuiState((s) => s.message.id);
  const role = useAuiState((s) => s.message.role);
  const status = useAuiState((s) => s.message.status?.type ?? "complete");
  return (
    <MessagePrimitive.Root className="message" data-id={id} data-role={role} data-status={status}>
      <MessagePrimitive.Parts components={{ Text, tools: { Fallback: ToolCard } }} />
      <MessagePrimitive.Error>
        <ErrorPrimitive.Root className="error">
          <ErrorPrimitive.Message />
        </ErrorPrimitive.Root>
      </MessagePrimitive.Error>
    </MessagePrimitive.Root>
  );
}

function Chat({ errors }: { errors: string[] }) {
  const running = useAuiState((s) => s.thread.isRunning);
  return (
    <div id="app" data-agent={__AGENT__} data-agent-class={agentClass} data-running={String(running)}>
      <ThreadListPrimitive.Root className="threads">
        <ThreadListPrimitive.New id="new-thread">New thread</ThreadListPrimitive.New>
        <ThreadListPrimitive.Items>
          {({ threadListItem }) => (
            <ThreadListItemPrimitive.Root data-thread={threadListItem.id}>
              <ThreadListItemPrimitive.Trigger className="switch">
                <ThreadListItemPrimitive.Title />
              </ThreadListItemPrimitive.Trigger>
            </ThreadListItemPrimitive.Root>
          )}
        </ThreadListPrimitive.Items>
      </ThreadListPrimitive.Root>
      <ThreadPrimitive.Root className="thread">
        <ThreadPrimitive.Viewport className="viewport">
          <ThreadPrimitive.Messages components={{ Message }} />
        </ThreadPrimitive.Viewport>
        <ComposerPrimitive.Root className="composer">
          <ComposerPrimitive.Input id="input" placeholder="Ask something" />
          <AuiIf condition={(s) => !s.thread.isRunning}>
            <ComposerPrimitive.Send id="send">Send</ComposerPrimitive.Send>
          </AuiIf>
          <AuiIf condition={(s) => s.thread.isRunning}>
            <ComposerPrimitive.Cancel id="cancel">Stop</ComposerPrimitive.Cancel>
          </AuiIf>
        </ComposerPrimitive.Root>
      </ThreadPrimitive.Root>
      <ul id="errors">
        {errors.map((e, i) => (
          <li key={i}>{e}</li>
        ))}
      </ul>
    </div>
  );
}

export function App() {
  const [threadIds, setThreadIds] = useState([firstThreadId]);
  const [current, setCurrent] = useState(firstThreadId);
  const [errors, setErrors] = useState<string[]>([]);
  // Each thread's messages, kept so switching back restores them.
  const [saved] = useState(() => new Map<string, readonly ThreadMessage[]>());

  // The app owns thread ids: it points the agent at the thread the user
  // picks, and assistant-ui swaps the messages.
  const threadList = useMemo<UseAgUiThreadListAdapter>(
    () => ({
      threadId: current,
      threads: threadIds.map((id) => ({ status: "regular", id, title: id })),
      onSwitchToNewThread: () => {
        const id = `${firstThreadId}-${threadIds.length + 1}`;
        agent.threadId = id;
        setThreadIds((ids) => [...ids, id]);
        setCurrent(id);
      },
      onSwitchToThread: (id) => {
        agent.threadId = id;
        setCurrent(id);
        return { messages: saved.get(id) ?? [] };
      },
    }),
    [current, threadIds, saved],
  );

  const runtime = useAgUiRuntime({
    agent,
    adapters: { threadList },
    onError: (e) => {
      console.error("[app] run error:", e.message);
      setErrors((list) => [...list, e.message]);
    },
  });

  // Keyed by the agent's thread id at the moment the messages change: the
  // switch callbacks set it before assistant-ui loads the next thread's
  // messages, and the empty list it clears to in between is not kept.
  useEffect(
    () =>
      runtime.thread.subscribe(() => {
        const { messages } = runtime.thread.getState();
        if (messages.length > 0) saved.set(agent.threadId, messages);
      }),
    [runtime, saved],
  );

  return (
    <AssistantRuntimeProvider runtime={runtime} config={config}>
      <output id="thread-id">{current}</output>
      <Chat errors={errors} />
    </AssistantRuntimeProvider>
  );
}
