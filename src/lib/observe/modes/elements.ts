import {BugError} from '../../errors.js'
import type {ObservationParts, Size} from '../mode.js'
import {capturePageElements, type PageElements} from '../page-elements.js'
import type {Page} from 'playwright-core'

/** The capture of the modes that number elements: the viewport's accessibility tree and element boxes. */
export async function captureElements(page: Page, viewport: Size): Promise<ObservationParts> {
  return {elements: await capturePageElements(page, viewport)}
}

/** The elements a mode that numbers them captured. */
export function capturedElements(parts: ObservationParts, mode: string): PageElements {
  if (!parts.elements) throw new BugError(`the ${mode} observation was rendered without the elements it captures`)
  return parts.elements
}
