import type {CDPSession, Page} from 'playwright-core'
import {
  formatAccessibilityTree,
  formatElementList,
  interactiveElements,
  pruneAccessibilityTree,
  type AxNode,
  type Box,
  type NumberedNode,
} from './accessibility-tree.js'

/** The elements of one observation: what the policy was shown about them, and how to find each again by its id. */
export interface PageElements {
  /** The pruned accessibility tree of the viewport, as text. */
  axtree: string
  /** The interactive elements in view (the Set-of-Marks boxes), in id order. */
  marked: NumberedNode[]
  /** The Set-of-Marks element list, as text. */
  list: string
  /** Every numbered element by id. */
  byId: ReadonlyMap<number, NumberedNode>
}

// One CDP session per page, made when the page is first observed in a mode that needs elements.
const sessions = new WeakMap<Page, Promise<CDPSession>>()

export function cdpSessionOf(page: Page): Promise<CDPSession> {
  let session = sessions.get(page)
  if (!session) {
    session = page.context().newCDPSession(page)
    sessions.set(page, session)
  }
  return session
}

/**
 * Reads the page's accessibility tree (main frame; frames inside it are not entered) and the layout boxes of its
 * nodes, two CDP calls, and numbers the viewport's elements (accessibility-tree.ts).
 */
export async function capturePageElements(
  page: Page,
  viewport: {width: number; height: number},
): Promise<PageElements> {
  const cdp = await cdpSessionOf(page)
  const [{nodes}, snapshot] = await Promise.all([
    cdp.send('Accessibility.getFullAXTree', {}) as Promise<{nodes: AxNode[]}>,
    cdp.send('DOMSnapshot.captureSnapshot', {computedStyles: []}),
  ])
  const tree = pruneAccessibilityTree(nodes, layoutBoxes(snapshot), viewport)
  const marked = interactiveElements(tree)
  const byId = new Map<number, NumberedNode>()
  for (const node of tree.nodes) if (node.id !== null) byId.set(node.id, node as NumberedNode)
  return {axtree: formatAccessibilityTree(tree), marked, list: formatElementList(marked), byId}
}

interface Snapshot {
  documents: {
    nodes: {backendNodeId?: number[]}
    layout: {nodeIndex: number[]; bounds: number[][]}
    scrollOffsetX?: number
    scrollOffsetY?: number
  }[]
}

/** The main document's layout boxes in viewport pixels, by DOM node (its first box: an inline's first line). */
function layoutBoxes(snapshot: Snapshot): Map<number, Box> {
  const boxes = new Map<number, Box>()
  const document = snapshot.documents[0]
  if (!document) return boxes
  const backendIds = document.nodes.backendNodeId ?? []
  const scrollX = document.scrollOffsetX ?? 0
  const scrollY = document.scrollOffsetY ?? 0
  document.layout.nodeIndex.forEach((nodeIndex, layoutIndex) => {
    const backendId = backendIds[nodeIndex]
    const bounds = document.layout.bounds[layoutIndex]
    if (backendId === undefined || !bounds || boxes.has(backendId)) return
    boxes.set(backendId, {x: bounds[0]! - scrollX, y: bounds[1]! - scrollY, width: bounds[2]!, height: bounds[3]!})
  })
  return boxes
}
