// A server component, rendered on each request: the agent's URL is the
// test's, read when the page is rendered (not when it is built).
import Chat from "./chat.js";

export const dynamic = "force-dynamic";

export default function Page() {
  return (
    <main>
      <Chat agentUrl={process.env.AGENT_URL} />
    </main>
  );
}
