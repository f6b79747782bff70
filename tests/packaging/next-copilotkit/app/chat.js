"use client";
// CopilotKit v2's provider and chat over agui-wasm's HttpAgent, which it
// runs as a self-managed agent: CopilotKit talks to the agent directly, no
// CopilotRuntime in between. The agent is made on the server too, where
// the component is first rendered.
import { useState } from "react";
import { CopilotChat, CopilotKitProvider } from "@copilotkit/react-core/v2";
import "@copilotkit/react-core/v2/styles.css";
import { HttpAgent } from "agui-wasm/http-agent";

export default function Chat({ agentUrl }) {
  // One agent for the page's life: CopilotKit re-registers agents whose
  // object changes.
  const [agents] = useState(() => ({ assistant: new HttpAgent({ url: agentUrl }) }));
  return (
    <CopilotKitProvider selfManagedAgents={agents} agentId="assistant" enableInspector={false}>
      <h1 id="title">agui-wasm under CopilotKit</h1>
      <div style={{ height: "80vh" }}>
        <CopilotChat agentId="assistant" />
      </div>
    </CopilotKitProvider>
  );
}
