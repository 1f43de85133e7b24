import {setTimeout as sleep} from 'node:timers/promises'
import type {Page} from 'playwright-core'
import {
  isAction,
  MAX_WAIT_SECONDS,
  unknownActionReason,
  type Action,
  type ActionOf,
  type RecordedAction,
} from '../schema/action.js'
import {unreachable} from '../unreachable.js'
import type {ElementPoint} from '../observe/element-target.js'
import {toPixels} from './coordinates.js'
import type {NavigationGuard} from './navigation-guard.js'
import {hasEarlierPage} from './page-history.js'
import type {Viewport} from './browser-pool.js'

export interface ActOptions {
  viewport: Viewport
  guard: NavigationGuard
  /** Time allowed for a navigation the action starts (a typed URL, a back, a submitted form). */
  navigationTimeoutMs: number
  /** Cap on a `wait` action. */
  maxWaitSeconds?: number
  /** The observation's numbered elements, for actions that name one (observation modes with element ids). */
  elements?: ElementActions
}

/** How an action that names an element finds it: its centre (scrolled into view), or its keyboard focus. */
export interface ElementActions {
  point(id: number): Promise<ElementPoint>
  focus(id: number): Promise<string | null>
}

/** What happened when an action ran: nothing to report, or why it could not be done (the step's action_error). */
export type ActResult = {error: string | null}

/** A scroll moves this share of the viewport's height (or width). */
const SCROLL_SHARE = 0.6

/**
 * Performs one policy action in the page, in CSS pixels of the fixed viewport. Clicks and typing act through the
 * mouse and keyboard at the given coordinates; `type` replaces the text of the field it clicks, and a final newline
 * presses Enter. Navigation targets pass the guard first. A recorded action this webgym does not know (replay) is
 * not performed: the result says why.
 */
export async function performAction(page: Page, action: RecordedAction, options: ActOptions): Promise<ActResult> {
  if (!isAction(action)) return {error: unknownActionReason(action)}
  switch (action.name) {
    case 'left_click': {
      const point = await target(action, options)
      if (point === null) return {error: 'left_click needs a coordinate or an element'}
      if ('error' in point) return point
      await page.mouse.click(point.x, point.y)
      return {error: null}
    }
    case 'type': {
      const text = action.text
      const point = await target(action, options)
      if (point !== null && 'error' in point) return point
      if (point) {
        await page.mouse.click(point.x, point.y)
        await page.keyboard.press('ControlOrMeta+A')
        await page.keyboard.press('Delete')
      }
      const submit = text.endsWith('\n')
      const body = submit ? text.replace(/\n+$/, '') : text
      if (body) await page.keyboard.type(body)
      if (submit) await page.keyboard.press('Enter')
      return {error: null}
    }
    case 'scroll': {
      const {x, y} = action.coordinate
        ? toPixels(action.coordinate, options.viewport)
        : {x: Math.round(options.viewport.width / 2), y: Math.round(options.viewport.height / 2)}
      const dy = Math.round(options.viewport.height * SCROLL_SHARE)
      const dx = Math.round(options.viewport.width * SCROLL_SHARE)
      const [deltaX, deltaY] = ({up: [0, -dy], down: [0, dy], left: [-dx, 0], right: [dx, 0]} as const)[
        action.direction
      ]
      await page.mouse.move(x, y)
      await page.mouse.wheel(deltaX, deltaY)
      return {error: null}
    }
    case 'press': {
      if (!action.key) return {error: 'press needs a key'}
      if (action.element !== undefined) {
        const error = options.elements ? await options.elements.focus(action.element) : NO_ELEMENTS
        if (error) return {error}
      }
      await page.keyboard.press(action.key)
      return {error: null}
    }
    case 'wait': {
      const seconds = Math.min(Math.max(action.seconds, 0), options.maxWaitSeconds ?? MAX_WAIT_SECONDS)
      await sleep(seconds * 1000)
      return {error: null}
    }
    case 'go_back': {
      if (!(await hasEarlierPage(page))) return {error: 'there is no earlier page in this episode to go back to'}
      await page.goBack({waitUntil: 'load', timeout: options.navigationTimeoutMs})
      return {error: null}
    }
    case 'navigate': {
      const url = withScheme(action.url)
      if (!url) return {error: 'navigate needs a url'}
      const refusal = options.guard.check(url)
      if (refusal) return {error: refusal}
      await page.goto(url, {waitUntil: 'load', timeout: options.navigationTimeoutMs})
      return {error: null}
    }
    case 'answer':
      return {error: null}
  }
  return unreachable(action, 'action')
}

const NO_ELEMENTS =
  'an element was named, but this observation mode numbers no elements (rollout --observe som or axtree)'

/** Where a pointer action goes, in pixels: its element's centre, or its coordinate; null when it names neither. */
async function target(
  action: ActionOf<'left_click' | 'type'>,
  options: ActOptions,
): Promise<{x: number; y: number} | {error: string} | null> {
  if (action.element !== undefined) {
    if (!options.elements) return {error: NO_ELEMENTS}
    const point = await options.elements.point(action.element)
    return point.ok ? {x: point.x, y: point.y} : {error: point.error}
  }
  return action.coordinate ? toPixels(action.coordinate, options.viewport) : null
}

/** A bare host name or path typed by a model (`example.com/x`) gets https://; anything with a scheme is kept. */
export function withScheme(url: string): string {
  const trimmed = url.trim()
  if (!trimmed) return ''
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`
}

/** Two actions that do the same thing (the repeated-action check): the same name and the same arguments, but for a wait's length. */
export function sameAction(a: RecordedAction | null, b: RecordedAction | null): boolean {
  if (!a || !b || a.name !== b.name) return false
  if (!isAction(a) || !isAction(b)) return JSON.stringify(a) === JSON.stringify(b)
  const fields = COMPARED[a.name] as readonly string[]
  return fields.every((field) =>
    sameValue((a as Record<string, unknown>)[field], (b as Record<string, unknown>)[field]),
  )
}

// The arguments that make two actions of a name the same; each name must say (a new action is a compile error here).
const COMPARED: {readonly [N in Action['name']]: readonly Exclude<keyof ActionOf<N>, 'name'>[]} = {
  left_click: ['coordinate', 'element'],
  type: ['coordinate', 'element', 'text'],
  press: ['element', 'key'],
  scroll: ['coordinate', 'direction'],
  wait: [],
  go_back: [],
  navigate: ['url'],
  answer: ['text'],
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((value, i) => value === b[i])
  return a === b
}
