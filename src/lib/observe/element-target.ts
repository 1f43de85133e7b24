import type {Page} from 'playwright-core'
import type {NumberedNode} from './accessibility-tree.js'
import {cdpSessionOf, type PageElements} from './page-elements.js'

/** Where an action that names an element acts, or why it cannot. */
export type ElementPoint = {ok: true; x: number; y: number} | {ok: false; error: string}

/**
 * The centre of element `id` of the last observation, in viewport pixels, scrolled into view first: the point a
 * click on it goes to. An id the observation did not give, or an element that has left the page since, is an error
 * for the step's record, not an exception.
 */
export async function elementPoint(
  page: Page,
  elements: PageElements | null,
  id: number,
  viewport: {width: number; height: number},
): Promise<ElementPoint> {
  const found = lookUp(elements, id)
  if ('error' in found) return {ok: false, error: found.error}
  const {element} = found
  const cdp = await cdpSessionOf(page)
  let quads: number[][]
  // A control hidden behind its label is clicked through the label, as a person does.
  const backendNodeId = element.pointerNodeId ?? element.backendNodeId
  try {
    await cdp.send('DOM.scrollIntoViewIfNeeded', {backendNodeId})
    quads = (await cdp.send('DOM.getContentQuads', {backendNodeId})).quads
  } catch {
    return {ok: false, error: `element ${id} (${describe(element)}) is no longer on the page`}
  }
  for (const quad of quads) {
    const xs = [quad[0]!, quad[2]!, quad[4]!, quad[6]!]
    const ys = [quad[1]!, quad[3]!, quad[5]!, quad[7]!]
    const left = Math.max(0, Math.min(...xs))
    const right = Math.min(viewport.width, Math.max(...xs))
    const top = Math.max(0, Math.min(...ys))
    const bottom = Math.min(viewport.height, Math.max(...ys))
    if (right - left >= 1 && bottom - top >= 1)
      return {ok: true, x: Math.round((left + right) / 2), y: Math.round((top + bottom) / 2)}
  }
  return {ok: false, error: `element ${id} (${describe(element)}) is not visible on the page any more`}
}

/** Gives element `id` of the last observation the keyboard focus (press); an error line when it cannot. */
export async function focusElement(page: Page, elements: PageElements | null, id: number): Promise<string | null> {
  const found = lookUp(elements, id)
  if ('error' in found) return found.error
  try {
    await (await cdpSessionOf(page)).send('DOM.focus', {backendNodeId: found.element.backendNodeId})
    return null
  } catch {
    return `element ${id} (${describe(found.element)}) cannot take the keyboard focus, or is no longer on the page`
  }
}

function lookUp(elements: PageElements | null, id: number): {element: NumberedNode} | {error: string} {
  if (!elements) return {error: `element ${id} was named, but this observation numbers no elements`}
  const element = elements.byId.get(id)
  if (element) return {element}
  const count = elements.byId.size
  return {
    error:
      count === 0
        ? `there is no element ${id}: the page showed no numbered elements`
        : `there is no element ${id} on this page (ids 1-${count})`,
  }
}

function describe(element: NumberedNode): string {
  return `${element.role} ${JSON.stringify(element.name)}`
}
