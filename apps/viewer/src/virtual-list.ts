/**
 * TanStack's framework-free virtualiser bound to Preact (what its React adapter does, in a few lines): only the rows
 * in view and a few around them are in the page, each measured once drawn, so 20,000 messages scroll like 20.
 */
import {
  elementScroll,
  observeElementOffset,
  observeElementRect,
  Virtualizer,
  type VirtualizerOptions,
} from "@tanstack/virtual-core";
import { useLayoutEffect, useReducer, useState } from "preact/hooks";

type Options = Pick<
  VirtualizerOptions<HTMLDivElement, Element>,
  "count" | "getScrollElement" | "estimateSize" | "overscan" | "getItemKey"
>;

export function useVirtualizer(options: Options): Virtualizer<HTMLDivElement, Element> {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const full: VirtualizerOptions<HTMLDivElement, Element> = {
    observeElementRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    ...options,
    onChange: () => rerender(undefined),
  };
  const [instance] = useState(() => new Virtualizer<HTMLDivElement, Element>(full));
  instance.setOptions(full);
  useLayoutEffect(() => instance._didMount(), [instance]);
  useLayoutEffect(() => {
    instance._willUpdate();
  });
  return instance;
}
