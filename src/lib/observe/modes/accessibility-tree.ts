import type {ObserveModeBehaviour} from '../mode.js'
import {captureElements, capturedElements} from './elements.js'

/** The viewport's pruned accessibility tree as text, its elements numbered; no image. */
export const accessibilityTreeMode: ObserveModeBehaviour = {
  targets: ['elements'],
  capture: captureElements,
  render: async (_screenshot, parts) => ({
    image: null,
    text: `Accessibility tree of the visible page:\n${capturedElements(parts, 'axtree').axtree}`,
  }),
  shownImage: () => null,
  shownElements: (parts) => parts.elements?.byId.size ?? 0,
}
