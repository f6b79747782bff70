// webpack's default entry (no config file): the .wasm is its asset.
import { AgentClient } from "agui-wasm";
import { mountChat } from "../../support/chat-page.js";

mountChat(AgentClient);
