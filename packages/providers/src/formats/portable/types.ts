/** The OpenAF portable format's message list (see index.ts for the document and the mapping). */
import type { JsonObject, ToCanonicalOptions } from "../../conversion/index.js";

export type PortableRole = "system" | "user" | "assistant";

export interface PortableToolCall {
  /** The call id; may be empty for providers that track none. */
  id?: string;
  name: string;
  /** Always a parsed object, never JSON text. */
  arguments: JsonObject;
}

export interface PortableToolResult {
  /** The id of the call answered. */
  id?: string;
  name: string;
  result: string | JsonObject;
}

export interface PortableMessage {
  role: PortableRole;
  content: string | null;
  /** Only on assistant turns. */
  toolCalls?: PortableToolCall[];
  /** Only on user turns. */
  toolResults?: PortableToolResult[];
}

export interface PortableToCanonicalOptions extends ToCanonicalOptions {
  /** The transcript id; default `portable-<fingerprint>` of the list. */
  id?: string;
  /** A human title for the transcript. */
  title?: string;
}
