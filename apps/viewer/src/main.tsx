/**
 * The viewer's entry: picks what to open (data embedded by `export --format html`, then `?src=` on this origin, else
 * the file picker) and mounts the page; `?index=1` (served by `view` with no input) opens the run index's list, and
 * `?compare=` (served by `view A B`) the compare page.
 */
import { render } from "preact";
import { App, messageOf, stateOf, type AppState } from "./app.js";
import { ComparePage, type CompareSide } from "./compare-page.js";
import { embeddedInput, loadTexts, sourceUrlInput } from "./load.js";
import { RunIndexPage } from "./run-index-page.js";
import "./styles.css";

async function initialState(): Promise<AppState> {
  try {
    const input = (await embeddedInput()) ?? (await sourceUrlInput(location.search));
    if (input === undefined) return { kind: "empty" };
    const state = stateOf(loadTexts([input]));
    // A paged run: its first page drawn now, the rest read after the first frame (App).
    const { more } = input;
    return state.kind === "ready" &&
      more !== undefined &&
      (more.total !== state.document.messages.length || more.metadata !== undefined)
      ? { ...state, more }
      : state;
  } catch (error) {
    return { kind: "failed", problems: [{ file: location.search, pointer: "", message: messageOf(error) }] };
  }
}

/**
 * `?src=…&compare=…` (`view A B`): both runs, each read as one is; the compare page, or the first refusal as the
 * viewer shows any.
 */
async function compareState(): Promise<{ a: CompareSide; b: CompareSide } | AppState> {
  try {
    const sides: CompareSide[] = [];
    for (const [parameter, nameParameter] of [
      ["src", "name"],
      ["compare", "compareName"],
    ] as const) {
      const input = await sourceUrlInput(location.search, parameter, nameParameter);
      if (input === undefined) return { kind: "empty" };
      const loaded = loadTexts([input]);
      if (!loaded.ok) return stateOf(loaded);
      const alone = new URLSearchParams({ src: new URLSearchParams(location.search).get(parameter) ?? "" });
      alone.set("name", input.name);
      sides.push({ document: loaded.document, name: input.name, href: `?${alone.toString()}` });
    }
    return { a: sides[0] as CompareSide, b: sides[1] as CompareSide };
  } catch (error) {
    return { kind: "failed", problems: [{ file: location.search, pointer: "", message: messageOf(error) }] };
  }
}

const root = document.getElementById("app");
const parameters = new URLSearchParams(location.search);
// `agent-transcript view` with no input opens the run index's list; a run opened from it names its transcript.
if (root !== null && parameters.has("index") && !parameters.has("src")) render(<RunIndexPage />, root);
else if (root !== null && parameters.has("compare") && parameters.has("src")) {
  void compareState().then((state) =>
    render("a" in state ? <ComparePage a={state.a} b={state.b} /> : <App initial={state} />, root),
  );
} else if (root !== null) {
  void initialState().then((state) => {
    render(<App initial={state} />, root);
    // Read by the benchmark (tools/bench, viewer-first-render): milliseconds from the start of navigation to the
    // first frame with the messages drawn.
    requestAnimationFrame(() => {
      document.documentElement.dataset.renderedMs = String(Math.round(performance.now()));
    });
  });
}
