// Plain agui-wasm: esbuild's conditions (no production/development) pick the embedded entry.
import { AgentClient } from "agui-wasm";
import { mountChat } from "../../support/chat-page.js";

mountChat(AgentClient);
