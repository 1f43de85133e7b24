// What the policy is shown at each step (rollout --observe): the screenshot, the screenshot with numbered marks over
// the interactive elements in the viewport plus their list (Set-of-Marks), the viewport's accessibility tree, or a
// combination such as `screenshot+axtree`. Element ids number the elements of one observation; an action may name
// one (the som dialect), and it is resolved to that element's centre when the action runs.

export const OBSERVE_PARTS = ['screenshot', 'som', 'axtree'] as const
export type ObservePart = (typeof OBSERVE_PARTS)[number]

/** The modes `--observe` offers: each part alone, and the text tree beside either image. */
export const OBSERVE_MODES = ['screenshot', 'som', 'axtree', 'screenshot+axtree', 'som+axtree'] as const
export type ObserveModeName = (typeof OBSERVE_MODES)[number]

/** Each mode in a few words, for help. */
export const OBSERVE_MODE_SUMMARIES: Record<ObserveModeName, string> = {
  screenshot: 'the screenshot of the viewport',
  som: 'the screenshot with a numbered box over each interactive element in view, and their list',
  axtree: "the viewport's accessibility tree, each element with its id; no image",
  'screenshot+axtree': 'the screenshot and the tree',
  'som+axtree': 'the marked screenshot, its list and the tree',
}

export interface ObserveMode {
  name: ObserveModeName
  /** The policy sees an image: the plain screenshot, or the marked one in som. */
  image: 'plain' | 'marked' | null
  /** The element list of Set-of-Marks (`[12] button "Add to cart"`). */
  elementList: boolean
  /** The pruned accessibility tree of the viewport. */
  axtree: boolean
}

export const SCREENSHOT_MODE: ObserveMode = observeMode('screenshot')

export function observeMode(name: ObserveModeName): ObserveMode {
  const parts = new Set(name.split('+') as ObservePart[])
  return {
    name,
    image: parts.has('som') ? 'marked' : parts.has('screenshot') ? 'plain' : null,
    elementList: parts.has('som'),
    axtree: parts.has('axtree'),
  }
}

/** Whether the mode numbers elements (so that an action can name one). */
export function hasElementIds(mode: ObserveMode): boolean {
  return mode.elementList || mode.axtree
}

/** The modes that number elements. */
export const ELEMENT_ID_MODES = OBSERVE_MODES.filter((name) => hasElementIds(observeMode(name)))

/** The modes that show an image (the screenshot, marked or not). */
export const IMAGE_MODES = OBSERVE_MODES.filter((name) => observeMode(name).image !== null)

/** The mode a trajectory's run block names (records without one were taken in screenshot mode). */
export function observeModeOf(run: {observe?: ObserveModeName}): ObserveMode {
  return observeMode(run.observe ?? 'screenshot')
}

/** The store path of the image the policy saw at a step: the screenshot, the marked one (som), or none (axtree). */
export function shownImagePath(
  step: {screenshot: string | null; observation?: {marked_screenshot?: string}},
  mode: ObserveMode,
): string | null {
  if (mode.image === null) return null
  if (mode.image === 'marked') return step.observation?.marked_screenshot ?? step.screenshot
  return step.screenshot
}
