import {cutText} from '../schema/cut-text.js'
import {TEXT_CAPS} from '../schema/text-caps.js'

// The viewport's accessibility tree, pruned and numbered: what the axtree observation shows and what the som marks
// and element list are drawn from. Pure: it reads CDP's Accessibility.getFullAXTree nodes and the layout boxes of
// their DOM nodes, so that it can be tested without a browser.

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** The part of a CDP AXNode this reads. */
export interface AxNode {
  nodeId: string
  ignored: boolean
  role?: {value?: unknown}
  name?: {
    value?: unknown
    sources?: {nativeSource?: string; nativeSourceValue?: {relatedNodes?: {backendDOMNodeId?: number}[]}}[]
  }
  value?: {value?: unknown}
  properties?: {name: string; value: {value?: unknown}}[]
  childIds?: string[]
  parentId?: string
  backendDOMNodeId?: number
}

/** One line of the pruned tree: an element with its id, or a text run (no id). */
export interface TreeNode {
  /** The element id the policy names it by; null for text. */
  id: number | null
  role: string
  name: string
  depth: number
  /** The DOM node, to act on it. */
  backendNodeId: number
  /**
   * Where a pointer acts instead, when the control is hidden behind its label (a styled radio): the label's DOM node,
   * whose box the element shows.
   */
  pointerNodeId?: number
  /** In CSS pixels of the viewport, clipped to it. */
  box: Box
  /** A control the agent can operate (a Set-of-Marks box is drawn over it). */
  interactive: boolean
  /** States worth showing: focused, checked, disabled, value="...", ... */
  states: string[]
}

/** An element line: one with an id. */
export type NumberedNode = TreeNode & {id: number}

export interface PrunedTree {
  nodes: TreeNode[]
  /** Lines left out past the cap. */
  omitted: number
}

// Roles a person operates; others are structure or text. A label (LabelText) is clicked to set its control, which
// pages often hide behind it (styled radios, star ratings).
const INTERACTIVE_ROLES = new Set([
  'LabelText',
  'button',
  'link',
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'option',
  'checkbox',
  'radio',
  'switch',
  'slider',
  'spinbutton',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'treeitem',
  'gridcell',
  'columnheader',
])
// Wrappers shown only when they have a name; their children move up.
const TRANSPARENT_ROLES = new Set([
  'generic',
  'none',
  'presentation',
  'LineBreak',
  'LayoutTable',
  'LayoutTableRow',
  'LayoutTableCell',
])
const TEXT_ROLES = new Set(['StaticText', 'InlineTextBox'])
const SHOWN_STATES = [
  'focused',
  'checked',
  'selected',
  'expanded',
  'pressed',
  'disabled',
  'required',
  'readonly',
] as const

/** At most this many lines: a page of endless lists must not flood the prompt. */
export const MAX_TREE_NODES = 400

/**
 * The tree as an agent sees the viewport: ignored and nameless wrapper nodes dropped (their children move up), text
 * that only repeats its parent's name dropped, and nodes whose box lies outside the viewport kept only as ancestors of
 * nodes inside it. Ids are 1, 2, 3... in document order over the element lines, so the same page gives the same ids.
 */
export function pruneAccessibilityTree(
  axNodes: readonly AxNode[],
  boxes: ReadonlyMap<number, Box>,
  viewport: {width: number; height: number},
  maxNodes = MAX_TREE_NODES,
): PrunedTree {
  const byId = new Map(axNodes.map((node) => [node.nodeId, node]))
  const root = axNodes.find((node) => node.parentId === undefined) ?? axNodes[0]
  if (!root) return {nodes: [], omitted: 0}

  // Children first decide whether an off-screen ancestor is kept, so the tree is built, then numbered.
  interface Draft extends Omit<TreeNode, 'id' | 'depth'> {
    children: Draft[]
    text: boolean
  }
  const visit = (node: AxNode, parentName: string, seen: Set<string>): Draft[] => {
    if (seen.has(node.nodeId)) return []
    seen.add(node.nodeId)
    const role = stringOf(node.role?.value)
    const name = stringOf(node.name?.value).replace(/\s+/g, ' ').trim()
    const children = (node.childIds ?? []).flatMap((childId) => {
      const child = byId.get(childId)
      return child ? visit(child, name || parentName, seen) : []
    })
    if (role === 'InlineTextBox') return []
    const own = node.backendDOMNodeId === undefined ? undefined : boxes.get(node.backendDOMNodeId)
    const label = own && usable(own, viewport) ? undefined : labelOf(node, boxes, viewport)
    const box = label?.box ?? own
    const visible = box !== undefined && inViewport(box, viewport)
    const transparent = node.ignored || (TRANSPARENT_ROLES.has(role) && !name)
    if (transparent || node.backendDOMNodeId === undefined) return children
    if (TEXT_ROLES.has(role)) {
      if (!name || !visible || name === parentName) return []
      return [
        {
          role,
          name,
          backendNodeId: node.backendDOMNodeId,
          box: clip(box, viewport),
          interactive: false,
          states: [],
          children: [],
          text: true,
        },
      ]
    }
    const isRoot = node === root
    if (!visible && children.length === 0 && !isRoot) return []
    return [
      {
        role,
        name,
        backendNodeId: node.backendDOMNodeId,
        ...(label ? {pointerNodeId: label.node} : {}),
        box: box ? clip(box, viewport) : {x: 0, y: 0, width: 0, height: 0},
        interactive: visible && INTERACTIVE_ROLES.has(role) && !isRoot,
        states: statesOf(node),
        children,
        text: false,
      },
    ]
  }

  const nodes: TreeNode[] = []
  let omitted = 0
  let nextId = 1
  const number = (drafts: Draft[], depth: number) => {
    for (const draft of drafts) {
      if (nodes.length >= maxNodes) {
        omitted++
      } else {
        const {children: _children, text, ...rest} = draft
        nodes.push({...rest, id: text ? null : nextId++, depth})
      }
      number(draft.children, depth + 1)
    }
  }
  number(visit(root, '', new Set()), 0)
  return {nodes, omitted}
}

/** BrowserGym's layout: one node per line, indented by depth, `[id] role "name", state`. */
export function formatAccessibilityTree(tree: PrunedTree): string {
  const lines = tree.nodes.map((node) => {
    const label = node.id === null ? node.role : `[${node.id}] ${node.role}`
    const states = node.states.length > 0 ? `, ${node.states.join(', ')}` : ''
    return `${'\t'.repeat(node.depth)}${label} ${shownName(node)}${states}`
  })
  if (tree.omitted > 0) lines.push(`(${tree.omitted} more nodes not shown)`)
  return lines.join('\n')
}

/** The interactive elements in the viewport, the ones a Set-of-Marks screenshot numbers. */
export function interactiveElements(tree: PrunedTree): NumberedNode[] {
  return tree.nodes.filter(
    (node): node is NumberedNode => node.interactive && node.id !== null && node.box.width > 0 && node.box.height > 0,
  )
}

/** The Set-of-Marks list: `[12] button "Add to cart"`, one per marked element. */
export function formatElementList(elements: readonly NumberedNode[]): string {
  if (elements.length === 0) return '(no interactive elements in view)'
  return elements
    .map(
      (node) =>
        `[${node.id}] ${node.role} ${shownName(node)}${node.states.length > 0 ? `, ${node.states.join(', ')}` : ''}`,
    )
    .join('\n')
}

/** An element's name as a line of the text observation shows it: quoted, and cut to its cap. */
function shownName(node: TreeNode): string {
  return JSON.stringify(cutText(node.name, TEXT_CAPS.elementName))
}

function statesOf(node: AxNode): string[] {
  const states: string[] = []
  const properties = new Map((node.properties ?? []).map((property) => [property.name, property.value.value]))
  for (const state of SHOWN_STATES) {
    const value = properties.get(state)
    if (value === true || value === 'true') states.push(state)
    else if (state === 'checked' && value === 'mixed') states.push('checked=mixed')
  }
  const value = stringOf(node.value?.value)
  if (value) states.push(`value=${JSON.stringify(value.length > 200 ? `${value.slice(0, 199)}…` : value)}`)
  return states
}

/** A box a person can see and click: in view and at least 4 pixels each way (a visually hidden control is not). */
function usable(box: Box, viewport: {width: number; height: number}): boolean {
  return inViewport(box, viewport) && box.width >= 4 && box.height >= 4
}

/** The label a control is named by (<label for>, or one wrapping it), when its box is usable. */
function labelOf(
  node: AxNode,
  boxes: ReadonlyMap<number, Box>,
  viewport: {width: number; height: number},
): {node: number; box: Box} | undefined {
  for (const source of node.name?.sources ?? []) {
    if (source.nativeSource !== 'labelfor' && source.nativeSource !== 'labelwrapped') continue
    for (const related of source.nativeSourceValue?.relatedNodes ?? []) {
      const box = related.backendDOMNodeId === undefined ? undefined : boxes.get(related.backendDOMNodeId)
      if (box && usable(box, viewport)) return {node: related.backendDOMNodeId!, box}
    }
  }
  return undefined
}

function inViewport(box: Box, viewport: {width: number; height: number}): boolean {
  return (
    box.width > 0 &&
    box.height > 0 &&
    box.x < viewport.width &&
    box.y < viewport.height &&
    box.x + box.width > 0 &&
    box.y + box.height > 0
  )
}

function clip(box: Box, viewport: {width: number; height: number}): Box {
  const x = Math.max(0, box.x)
  const y = Math.max(0, box.y)
  return {
    x,
    y,
    width: Math.max(0, Math.min(viewport.width, box.x + box.width) - x),
    height: Math.max(0, Math.min(viewport.height, box.y + box.height) - y),
  }
}

function stringOf(value: unknown): string {
  return typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : ''
}
