import type {ObserveModeBehaviour} from '../mode.js'
import {drawMarks} from '../set-of-marks.js'
import {captureElements, capturedElements} from './elements.js'

/**
 * Set-of-Marks: the screenshot with a numbered box over each interactive element in view, and their list. An action
 * names an element by its number, or points at the image.
 */
export const setOfMarksMode: ObserveModeBehaviour = {
  targets: ['coordinates', 'elements'],
  capture: captureElements,
  render: async (screenshot, parts, {viewport, jpegQuality}) => {
    const elements = capturedElements(parts, 'som')
    return {
      image: await drawMarks(screenshot, elements.marked, viewport, jpegQuality),
      text: `Interactive elements (each id is the number on its box in the screenshot):\n${elements.list}`,
    }
  },
  // Records of steps without marks in view kept the screenshot alone: it is what the policy saw.
  shownImage: (step) => step.observation?.marked_screenshot ?? step.screenshot,
  shownElements: (parts) => parts.elements?.marked.length ?? 0,
}
