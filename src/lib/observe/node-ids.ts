import type {Locator, Page} from 'playwright-core'
import {cdpSessionOf} from './page-elements.js'

const HANDOVER = '__webgymNodeHandover'

/**
 * The DOM node ids (CDP backend node ids) of an element Playwright located: the element itself, then the control a
 * label is for (when the label is not numbered); empty when they cannot be read. For a scripted policy (the oracle) that must name the element a
 * numbered observation gives it: the element is handed to CDP through a page global that is removed at once.
 */
export async function backendNodeIds(page: Page, element: Locator): Promise<number[]> {
  try {
    const cdp = await cdpSessionOf(page)
    await element.evaluate((node, key) => {
      const control = (node as {control?: unknown}).control
      ;(globalThis as Record<string, unknown>)[key] = control ? [node, control] : [node]
    }, HANDOVER)
    const {result} = await cdp.send('Runtime.evaluate', {
      expression: `(() => { const nodes = globalThis.${HANDOVER}; delete globalThis.${HANDOVER}; return nodes })()`,
    })
    if (!result.objectId) return []
    const {result: items} = await cdp.send('Runtime.getProperties', {objectId: result.objectId, ownProperties: true})
    const ids: number[] = []
    for (const item of items) {
      if (!/^\d+$/.test(item.name) || !item.value?.objectId) continue
      const {node} = await cdp.send('DOM.describeNode', {objectId: item.value.objectId})
      ids.push(node.backendNodeId)
    }
    await cdp.send('Runtime.releaseObject', {objectId: result.objectId}).catch(() => {})
    return ids
  } catch {
    return []
  }
}
