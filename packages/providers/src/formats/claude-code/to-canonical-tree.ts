/**
 * The conversation tree of one Claude Code run and its main chain.
 *
 * Every record with a `uuid` names the record it follows (`parentUuid`). A rewind (editing an earlier prompt,
 * regenerating an answer) starts a second child of an earlier record, so a file holds a tree, and what the user saw
 * last is one path through it: the main chain, from the latest conversation record back to the root. Three things
 * make the plain walk wrong, and are handled here:
 *
 * - Compaction writes a boundary with `parentUuid: null` and `logicalParentUuid` naming the last record before it;
 *   the walk follows that link, so the history before a compaction stays on the chain. When the record it names is
 *   not in the file (Claude Code does not always write it), the walk continues at the record written just before
 *   the boundary, with a `parent-missing` loss.
 * - One API response is several records (one per content block), and the results of parallel tool calls hang off
 *   the record of their own call: siblings, not branches. A message is on the chain when any of its records is, and
 *   a message of tool results is when the calls it answers are.
 * - A sub-agent's records name records of the parent session as their parents: the chain ends there, without a loss,
 *   and a message that follows such a record is part of what the sub-agent started from, on its chain.
 *
 * What is left off the chain is kept as branches, each starting at the record it forked from.
 */

/** One record of the tree. */
export interface TreeNode {
  /** Position in the file, from 0, counting only records with a uuid. */
  index: number;
  line: number;
  uuid: string;
  /** `parentUuid`: a string, null for a root, undefined when the record has no such field. */
  parent: string | null | undefined;
  logicalParent: string | undefined;
  /** The message this record is part of, if it is part of one. */
  unit: TreeUnit | undefined;
}

/** What the tree needs of a message: its records, and the tool calls and results it holds. */
export interface TreeUnit {
  nodes: TreeNode[];
  callIds: readonly string[];
  /** Set when the message holds tool results only: the calls they answer. */
  answers: readonly string[] | undefined;
}

/** A message kept off the main chain, and the record its branch forked from. */
export interface Branch<Unit extends TreeUnit> {
  /** The uuid of the record the branch's first message follows (on the chain, or outside the file). */
  from: string | undefined;
  units: Unit[];
}

export interface ChainResult<Unit extends TreeUnit> {
  /** The messages on the main chain. */
  chain: Set<Unit>;
  branches: Branch<Unit>[];
}

export interface ChainContext {
  /** Every record of the file with a uuid, whatever its run. */
  byUuid: ReadonlyMap<string, TreeNode>;
  /** Whether a uuid not in this run is a record of the parent session (a sub-agent's link to it). */
  inParent(uuid: string): boolean;
  /** Reports a link that could not be followed. */
  missing(node: TreeNode, message: string): void;
}

/**
 * The main chain of a run (its records with a uuid, in file order, and its messages) and the branches beside it.
 * Messages whose records have no uuid are on the chain: the file says nothing against it.
 */
export function mainChain<Unit extends TreeUnit>(
  nodes: readonly TreeNode[],
  units: readonly Unit[],
  context: ChainContext,
): ChainResult<Unit> {
  const chain = new Set<Unit>();
  const inRun = new Set(nodes);
  // Without any parent link (hand-written files, the claude.ai export) the file order is the conversation.
  if (!nodes.some((node) => node.parent !== undefined)) {
    for (const unit of units) chain.add(unit);
    return { chain, branches: [] };
  }
  const onChain = new Set<TreeNode>();
  let leaf: TreeNode | undefined;
  for (let index = nodes.length - 1; index >= 0 && leaf === undefined; index -= 1)
    if ((nodes[index] as TreeNode).unit !== undefined) leaf = nodes[index];
  leaf ??= nodes.at(-1);
  let current = leaf;
  while (current !== undefined && !onChain.has(current)) {
    onChain.add(current);
    current = parentOf(current, nodes, inRun, context);
  }

  const calls = new Set<string>();
  for (const unit of units) {
    const unitNodes = unit.nodes;
    let on = unitNodes.length === 0 || startsInParent(unitNodes[0] as TreeNode, inRun, context);
    for (let index = 0; index < unitNodes.length && !on; index += 1) on = onChain.has(unitNodes[index] as TreeNode);
    if (!on) continue;
    chain.add(unit);
    for (const id of unit.callIds) calls.add(id);
  }
  // Results of parallel calls are siblings of the chain, not a rewind: they join it when every call they answer is on it.
  for (const unit of units)
    if (
      !chain.has(unit) &&
      unit.answers !== undefined &&
      unit.answers.length > 0 &&
      unit.answers.every((id) => calls.has(id))
    )
      chain.add(unit);

  const branches: Branch<Unit>[] = [];
  const branchOf = new Map<Unit, Branch<Unit>>();
  for (const unit of units) {
    if (chain.has(unit)) continue;
    const first = unit.nodes[0];
    const fork = first === undefined ? undefined : forkPoint(first, context.byUuid, chain, inRun);
    const owner = fork?.unit as Unit | undefined;
    const existing = owner === undefined ? undefined : branchOf.get(owner);
    if (existing !== undefined) {
      existing.units.push(unit);
      branchOf.set(unit, existing);
    } else {
      const branch: Branch<Unit> = { from: fork?.node?.uuid ?? first?.parent ?? undefined, units: [unit] };
      branches.push(branch);
      branchOf.set(unit, branch);
    }
  }
  return { chain, branches };
}

/**
 * Whether a message follows a record of the parent session directly: what a sub-agent was given to start from (the
 * compaction agent's file opens with the hook context of the records it summarises, each following its record).
 */
function startsInParent(node: TreeNode, inRun: ReadonlySet<TreeNode>, context: ChainContext): boolean {
  if (typeof node.parent !== "string") return false;
  const target = context.byUuid.get(node.parent);
  return (target === undefined || !inRun.has(target)) && context.inParent(node.parent);
}

/** The record `node` follows, by its parent link, its compaction link, or (for a link that leads nowhere) file order. */
function parentOf(
  node: TreeNode,
  nodes: readonly TreeNode[],
  inRun: ReadonlySet<TreeNode>,
  context: ChainContext,
): TreeNode | undefined {
  const link = typeof node.parent === "string" ? node.parent : node.parent === null ? node.logicalParent : undefined;
  // A record without a parent field follows the record before it; an explicit null without a compaction link is a root.
  if (link === undefined) return node.parent === undefined ? nodes[node.index - 1] : undefined;
  const target = context.byUuid.get(link);
  if (target !== undefined && inRun.has(target)) return target;
  // A sub-agent's first records follow records of the parent session (or of the main run of the same file).
  if (target !== undefined || context.inParent(link)) return undefined;
  const previous = nodes[node.index - 1];
  context.missing(
    node,
    `${node.parent === null ? "logicalParentUuid" : "parentUuid"} ${link} names a record that is not in the file; ${previous === undefined ? "the chain starts here" : `the history continues at line ${previous.line}, the record written before it`}`,
  );
  return previous;
}

/** Where an off-chain message's branch attaches: the nearest ancestor that is part of a message, and that record. */
function forkPoint<Unit extends TreeUnit>(
  node: TreeNode,
  byUuid: ReadonlyMap<string, TreeNode>,
  chain: ReadonlySet<Unit>,
  inRun: ReadonlySet<TreeNode>,
): { node: TreeNode; unit: TreeUnit | undefined } | undefined {
  const seen = new Set<TreeNode>();
  let current = typeof node.parent === "string" ? byUuid.get(node.parent) : undefined;
  while (current !== undefined && inRun.has(current) && !seen.has(current)) {
    seen.add(current);
    if (current.unit !== undefined && current.unit !== node.unit)
      return { node: current, unit: chain.has(current.unit as Unit) ? undefined : current.unit };
    current = typeof current.parent === "string" ? byUuid.get(current.parent) : undefined;
  }
  return undefined;
}
