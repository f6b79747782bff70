"use client";
// The client component: made and rendered on the server (the initial
// history is in the HTML), then hydrated; the button runs the agent.
import { useEffect, useState } from "react";
import { AgentClient } from "agui-wasm";
import { useAgent } from "agui-wasm/react";

export default function Chat({ agentUrl }) {
  const [agent] = useState(
    () => new AgentClient({ url: agentUrl, initialMessages: [{ id: "u1", role: "user", content: "hi" }] }),
  );
  const { messages, isRunning, run } = useAgent(agent);
  const [status, setStatus] = useState("idle");
  // The button works once hydrated; the test waits for it to be enabled.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  return (
    <div>
      <ul id="messages">
        {messages.map((m) => (
          <li key={m.id} className={m.role}>
            {m.content}
          </li>
        ))}
      </ul>
      <button
        id="run"
        disabled={!hydrated || isRunning}
        onClick={() =>
          run().then(
            () => setStatus("done"),
            (e) => setStatus(`error: ${e.message}`),
          )
        }
      >
        Run
      </button>
      <p id="status">{status}</p>
    </div>
  );
}
