import { memo, useState } from "react";
import { AgentClient, type Message, type ToolCall } from "agui-wasm";
import { useAgent } from "agui-wasm/react";
import { parsePartialJson } from "./partialJson";

declare global {
  interface Window {
    /** Renders of each message row, by message id. */
    __renders: Record<string, number>;
  }
}
window.__renders = {};

type DemoState = { status?: string };

// The agent's URL comes from the page's address (the test server's port is
// chosen at run time).
const agentUrl = new URLSearchParams(location.search).get("agent") ?? "/agent";

const client = new AgentClient({
  url: agentUrl,
  initialMessages: [{ id: "u1", role: "user", content: "What's the weather in Paris?" }],
});

// A client nobody has subscribed to when its run starts (see LateView).
const lateClient = new AgentClient({ url: agentUrl });

function textOf(message: Message): string {
  switch (message.role) {
    case "assistant":
      return message.content ?? "";
    case "user":
    case "tool":
      return typeof message.content === "string" ? message.content : "";
    default:
      return "";
  }
}

function ToolCallView({ call }: { call: ToolCall }) {
  const args = parsePartialJson(call.function.arguments);
  const entries = args && typeof args === "object" ? Object.entries(args) : [];
  return (
    <div className="tool-call" data-tool-call-id={call.id} data-raw={call.function.arguments}>
      <b>{call.function.name}</b>
      <dl>
        {entries.map(([k, v]) => (
          <div key={k} data-arg={k}>
            <dt>{k}</dt>
            <dd>{typeof v === "string" ? v : JSON.stringify(v)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

// Re-renders only when its message object changes: the client keeps an
// unchanged message's object across updates.
const Row = memo(function Row({ message }: { message: Message }) {
  window.__renders[message.id] = (window.__renders[message.id] ?? 0) + 1;
  const calls = message.role === "assistant" ? (message.toolCalls ?? []) : [];
  return (
    <li className="message" data-id={message.id} data-role={message.role}>
      <span className="text">{textOf(message)}</span>
      {calls.map((call) => (
        <ToolCallView key={call.id} call={call} />
      ))}
    </li>
  );
});

function LateView() {
  const { messages, isRunning } = useAgent(lateClient);
  return (
    <section id="late" data-running={String(isRunning)}>
      <span className="text">{messages.map(textOf).join("")}</span>
    </section>
  );
}

export function App() {
  const { messages, state, isRunning, run, abort } = useAgent<DemoState>(client);
  const [outcome, setOutcome] = useState("none");
  const [showLate, setShowLate] = useState(false);

  const ask = (scenario: string) => {
    setOutcome("pending");
    run({ forwardedProps: { scenario } }).then(
      (r) => setOutcome(`ok:${r.newMessages.map((m) => m.id).join(",")}`),
      (e: unknown) => setOutcome(`error:${e instanceof Error ? e.message : String(e)}`),
    );
  };

  return (
    <main id="app" data-running={String(isRunning)} data-outcome={outcome}>
      <p id="status">{isRunning ? "running" : "idle"}</p>
      <p id="state">{state?.status ?? ""}</p>
      <ul id="messages">
        {messages.map((m) => (
          <Row key={m.id} message={m} />
        ))}
      </ul>
      <button id="ask" disabled={isRunning} onClick={() => ask("weather")}>
        Ask
      </button>
      <button id="ask-slow" disabled={isRunning} onClick={() => ask("slow")}>
        Ask (slow)
      </button>
      <button id="ask-short" disabled={isRunning} onClick={() => ask("short")}>
        Ask (short)
      </button>
      <button id="stop" disabled={!isRunning} onClick={abort}>
        Stop
      </button>
      <button id="late-start" onClick={() => void lateClient.runAgent({ forwardedProps: { scenario: "late" } })}>
        Start a run nobody watches
      </button>
      <button id="late-show" onClick={() => setShowLate(true)}>
        Watch it
      </button>
      {showLate && <LateView />}
    </main>
  );
}
