import { useState } from "react";
import { CopilotChat, CopilotKitProvider, useAgent, useFrontendTool } from "@copilotkit/react-core/v2";
import { z } from "zod";
// Which HttpAgent this is (@ag-ui/client's or agui-wasm's) is decided when
// the app is built: see vite.config.js and the tsconfig files.
import { HttpAgent as StockHttpAgent } from "@ag-ui/client";
import { HttpAgent, kind } from "agent-impl";
import { spyOn, type AgentCall } from "./spy";

type ToolCallSeen = { args: { city: string } };
type ErrorSeen = { code: string; message: string };

declare global {
  interface Window {
    /** Which agent class this build uses. */
    __agentKind: string;
    /** How the agent relates to @ag-ui/client's HttpAgent, which CopilotKit tests with instanceof. */
    __agentClass: { name: string; instanceOfHttpAgent: boolean; isHttpAgentItself: boolean };
    /** Every call CopilotKit made on the agent, in order. */
    __agentCalls: AgentCall[];
    /** Every call of the weather tool's handler. */
    __toolCalls: ToolCallSeen[];
    /** Every error CopilotKit reported through onError. */
    __copilotErrors: ErrorSeen[];
    /** The agent itself, only with `?bench` (bench/copilotkit.mjs seeds its history). */
    __benchAgent?: HttpAgent;
  }
}

export const AGENT_ID = "demo";
export const HEADER_VALUE = "copilotkit-app";
const THREADS = ["copilotkit-thread-1", "copilotkit-thread-2"];

window.__agentKind = kind;
window.__agentCalls = [];
window.__toolCalls = [];
window.__copilotErrors = [];

// Same origin: run.mjs serves the app and forwards /agent to the demo agent.
const agent = spyOn(new HttpAgent({ url: "/agent", agentId: AGENT_ID, threadId: THREADS[0] }), window.__agentCalls);

// CopilotKit clears the history when the chat connects its thread, so a
// benchmark that needs a long thread fills it afterwards, through the agent.
if (new URLSearchParams(location.search).has("bench")) window.__benchAgent = agent;

window.__agentClass = {
  name: agent.constructor.name,
  instanceOfHttpAgent: agent instanceof StockHttpAgent,
  isHttpAgentItself: Object.getPrototypeOf(agent) === StockHttpAgent.prototype,
};

// Stable identities: CopilotKit re-registers agents and headers when these
// props change.
const agents = { [AGENT_ID]: agent };
const headers = { "x-test-header": HEADER_VALUE };

/** The frontend tool the demo agent's weather scenario calls. */
function WeatherTool() {
  useFrontendTool({
    name: "weather",
    description: "Current weather for a city",
    parameters: z.object({ city: z.string() }),
    handler: async (args) => {
      window.__toolCalls.push({ args });
      return { city: args.city, temperatureC: 18, conditions: "Sunny" };
    },
    render: ({ args, status }) => (
      <div id="weather-card" data-status={status}>
        weather for {args.city ?? "…"}
      </div>
    ),
  });
  return null;
}

/** What CopilotKit says about the agent, for the test to read. */
function Status() {
  const { agent } = useAgent({ agentId: AGENT_ID });
  return (
    <div id="status" data-running={String(agent.isRunning)} data-thread={agent.threadId} data-messages={agent.messages.length}>
      {agent.isRunning ? "running" : "idle"} · {agent.threadId} · {agent.messages.length} messages
    </div>
  );
}

export function App() {
  const [thread, setThread] = useState(0);
  const [errors, setErrors] = useState<ErrorSeen[]>([]);
  return (
    <CopilotKitProvider
      selfManagedAgents={agents}
      agentId={AGENT_ID}
      headers={headers}
      enableInspector={false}
      onError={({ error, code }) => {
        const seen = { code: String(code), message: error.message };
        window.__copilotErrors.push(seen);
        setErrors((list) => [...list, seen]);
      }}
    >
      <WeatherTool />
      <header>
        <span id="agent-kind">{window.__agentKind}</span> <Status />
        <button id="new-thread" onClick={() => setThread(1)} disabled={thread === 1}>
          New thread
        </button>
      </header>
      <ul id="errors">
        {errors.map((e, i) => (
          <li key={i}>
            {e.code}: {e.message}
          </li>
        ))}
      </ul>
      <div style={{ height: "70vh" }}>
        {/* An explicit threadId: CopilotChat then connects the agent to it. */}
        <CopilotChat agentId={AGENT_ID} threadId={THREADS[thread]} />
      </div>
    </CopilotKitProvider>
  );
}
