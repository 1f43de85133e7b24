import type {ObserveModeBehaviour} from '../mode.js'

/** The screenshot alone, as the page showed it: the policy points at it. */
export const screenshotMode: ObserveModeBehaviour = {
  targets: ['coordinates'],
  capture: async () => ({elements: null}),
  render: async (screenshot) => ({image: screenshot}),
  shownImage: (step) => step.screenshot,
  shownElements: () => 0,
}
