/**
 * How a call that started a sub-agent draws the sub-agent's messages in place: the page (app.tsx) provides the
 * component and the call (parts.tsx) uses it, so neither module imports the other.
 */
import { createContext, type ComponentType } from "preact";
import type { RunView } from "./model.js";

export interface InlineRunProps {
  view: RunView;
  query: string;
}

export const InlineRunContext = createContext<ComponentType<InlineRunProps> | undefined>(undefined);
