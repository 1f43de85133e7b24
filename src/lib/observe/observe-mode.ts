// What the policy is shown at each step (rollout --observe): the screenshot, the screenshot with numbered marks over
// the interactive elements in the viewport plus their list (Set-of-Marks), the viewport's accessibility tree, or a
// combination such as `screenshot+axtree`. Element ids number the elements of one observation; an action may name
// one (the som dialect), and it is resolved to that element's centre when the action runs. Each mode is an object
// (mode.ts) in its own module under modes/; a new mode is that module and one line below.
import type {ObserveModeBehaviour} from './mode.js'
import {accessibilityTreeMode} from './modes/accessibility-tree.js'
import {beside} from './modes/beside.js'
import {setOfMarksMode} from './modes/set-of-marks.js'
import {screenshotMode} from './modes/screenshot.js'

// The modes by name, in the order `--observe` lists them: each part alone, and the text tree beside either image.
const MODES = {
  screenshot: screenshotMode,
  som: setOfMarksMode,
  axtree: accessibilityTreeMode,
  'screenshot+axtree': beside(screenshotMode, accessibilityTreeMode),
  'som+axtree': beside(setOfMarksMode, accessibilityTreeMode),
} as const satisfies Record<string, ObserveModeBehaviour>

export type ObserveModeName = keyof typeof MODES

/** Each mode in a few words, for help. */
export const OBSERVE_MODE_SUMMARIES: Record<ObserveModeName, string> = {
  screenshot: 'the screenshot of the viewport',
  som: 'the screenshot with a numbered box over each interactive element in view, and their list',
  axtree: "the viewport's accessibility tree, each element with its id; no image",
  'screenshot+axtree': 'the screenshot and the tree',
  'som+axtree': 'the marked screenshot, its list and the tree',
}

/** A mode: its behaviour under its `--observe` name. */
export interface ObserveMode extends ObserveModeBehaviour {
  readonly name: ObserveModeName
}

/** The modes `--observe` offers. */
export const OBSERVE_MODES = Object.keys(MODES) as readonly ObserveModeName[] as readonly [
  ObserveModeName,
  ...ObserveModeName[],
]

export function observeMode<Name extends ObserveModeName>(name: Name): ObserveMode & {name: Name} {
  return {name, ...MODES[name]}
}

export const SCREENSHOT_MODE: ObserveMode = observeMode('screenshot')

/** The mode a trajectory's run block names (records without one were taken in screenshot mode). */
export function observeModeOf(run: {observe?: ObserveModeName}): ObserveMode {
  return observeMode(run.observe ?? 'screenshot')
}

/** The modes whose observations let an action name what `target` is (the dialect fit's hint). */
export function modesThatShow(target: ObserveMode['targets'][number]): ObserveModeName[] {
  return OBSERVE_MODES.filter((name) => MODES[name].targets.includes(target))
}
