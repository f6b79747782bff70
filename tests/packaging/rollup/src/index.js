// Rollup carries no .wasm asset: agui-wasm/inline has it inside the JavaScript.
import { AgentClient } from "agui-wasm/inline";
import { mountChat } from "../../support/chat-page.js";

mountChat(AgentClient);
