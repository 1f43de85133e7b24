// One observation mode (rollout --observe): what it reads of the page beside the screenshot, and what it makes of that
// for the policy, an image and a text. The browsing session asks its mode at each step; createPolicy checks that the
// policy's dialect acts on what the mode shows (its targets); the trainer asks it which image a recorded step showed.
// The modes, by their names, are in observe-mode.ts.
import type {Page} from 'playwright-core'
import type {ActionTarget} from '../schema/action.js'
import type {PageElements} from './page-elements.js'

export interface Size {
  width: number
  height: number
}

/** What a mode read of the page, right after the screenshot. */
export interface ObservationParts {
  /** The viewport's numbered elements (modes with element ids), or null. */
  elements: PageElements | null
}

/** What the policy is shown: an image (the screenshot, or one drawn from it) or none, and a text, if the mode has one. */
export interface RenderedObservation {
  image: Buffer | null
  text?: string
}

/** The images a recorded step kept (trajectory steps). */
export interface RecordedImages {
  screenshot: string | null
  observation?: {marked_screenshot?: string}
}

export interface ObserveModeBehaviour {
  /** What an action can name in this mode: points of the image it shows, the elements it numbers, or both. */
  readonly targets: readonly ActionTarget[]
  /** Reads what the mode needs of the page (the screenshot is the session's, taken just before). */
  capture(page: Page, viewport: Size): Promise<ObservationParts>
  /** The image and text the policy is sent, from the screenshot and the parts; the text is recorded as sent. */
  render(
    screenshot: Buffer,
    parts: ObservationParts,
    options: {viewport: Size; jpegQuality: number},
  ): Promise<RenderedObservation>
  /** The store path of the image the policy saw at a recorded step, or null when the mode shows none. */
  shownImage(step: RecordedImages): string | null
  /** How many elements the policy is shown with an id (the step's `observation.elements`): marks, or tree ids. */
  shownElements(parts: ObservationParts): number
}
