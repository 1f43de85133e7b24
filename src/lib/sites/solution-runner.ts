import {setTimeout as sleep} from 'node:timers/promises'
import type {Frame, Locator, Page, Request} from 'playwright-core'
import {firstLine} from '../errors.js'
import type {SolutionStep, Target} from '../schema/solution.js'

export class SolutionStepError extends Error {
  constructor(
    message: string,
    readonly step: number,
  ) {
    super(message)
  }
}

export interface SolutionRun {
  /** The text of the final `answer` step, or null when the solution has none. */
  answer: string | null
  steps: number
}

export interface RunOptions {
  /** Start at this step (0-based), e.g. to finish a run stopped earlier. */
  startAt?: number
  /** Stop before this step (0-based), e.g. to leave a state incomplete. */
  stopBefore?: number
  /** How long to wait for a navigation to start after a click or Enter. */
  navigationGraceMs?: number
}

/**
 * Follows a reference solution in a page the way a screenshot agent would act: each target is located in the DOM,
 * scrolled into view and clicked at the centre of its box with the mouse; text is typed with the keyboard into a
 * field first cleared. A target must match exactly one visible element.
 */
export async function runSolution(
  page: Page,
  steps: readonly SolutionStep[],
  options: RunOptions = {},
): Promise<SolutionRun> {
  let answer: string | null = null
  const end = Math.min(options.stopBefore ?? steps.length, steps.length)
  for (let index = options.startAt ?? 0; index < end; index++) {
    const step = steps[index]!
    try {
      answer = (await runStep(page, step, options.navigationGraceMs ?? 400)) ?? answer
    } catch (error) {
      if (error instanceof SolutionStepError) throw error
      throw new SolutionStepError(
        `step ${index + 1} (${describeStep(step)}) failed on ${page.url()}: ${firstLine(error)}`,
        index,
      )
    }
  }
  return {answer, steps: end - (options.startAt ?? 0)}
}

export function describeStep(step: SolutionStep): string {
  switch (step.op) {
    case 'click':
    case 'scroll_to':
      return `${step.op} ${step.target.description}`
    case 'type':
      return `type "${step.text}" into ${step.target.description}`
    case 'navigate':
      return `navigate to ${step.url}`
    case 'back':
      return 'back'
    case 'answer':
      return `answer "${step.text}"`
  }
}

async function runStep(page: Page, step: SolutionStep, graceMs: number): Promise<string | undefined> {
  switch (step.op) {
    case 'click': {
      const point = await centreOf(page, step.target)
      const navigates = await (await uniqueVisible(page, step.target)).evaluate(startsNavigation)
      await settleAfter(page, navigates ? NAVIGATION_TIMEOUT_MS : graceMs, () => page.mouse.click(point.x, point.y))
      return undefined
    }
    case 'type': {
      const point = await centreOf(page, step.target)
      await page.mouse.click(point.x, point.y)
      await page.keyboard.press('ControlOrMeta+A')
      await page.keyboard.press('Delete')
      await page.keyboard.type(step.text)
      if (step.submit) await settleAfter(page, NAVIGATION_TIMEOUT_MS, () => page.keyboard.press('Enter'))
      return undefined
    }
    case 'scroll_to':
      await (await uniqueVisible(page, step.target)).scrollIntoViewIfNeeded()
      return undefined
    case 'navigate':
      await page.goto(step.url, {waitUntil: 'load'})
      return undefined
    case 'back':
      await page.goBack({waitUntil: 'load'})
      return undefined
    case 'answer':
      return step.text
  }
}

/**
 * The one visible element matching the target (the first, for a target marked `first`); an error naming the count
 * otherwise.
 */
export async function uniqueVisible(page: Page, target: Target): Promise<Locator> {
  let locator = page.locator(target.selector)
  if (target.text !== undefined) locator = locator.filter({hasText: target.text})
  const visible = locator.filter({visible: true})
  const found = (count: number) => count === 1 || (target.first === true && count > 1)
  // A page still loading or a widget still opening may not show the element yet: look again for a few seconds.
  let count = await visible.count()
  for (
    const waitUntil = Date.now() + TARGET_WAIT_MS;
    !found(count) && Date.now() < waitUntil;
    count = await visible.count()
  )
    await sleep(100)
  if (!found(count))
    throw new Error(
      `${target.description} (${target.selector}${target.text ? ` with text "${target.text}"` : ''}) matches ${count} visible elements, expected ${target.first ? 'at least ' : ''}1`,
    )
  return visible.first()
}

/**
 * Viewport coordinates of a point on the target, scrolled into view: the centre of its first line box, so that a
 * link wrapped over two lines is hit on its text rather than in the gap between the lines.
 */
export async function centreOf(page: Page, target: Target): Promise<{x: number; y: number}> {
  const element = await uniqueVisible(page, target)
  await element.scrollIntoViewIfNeeded()
  const point = await element.evaluate((node) => {
    const rects = [...node.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0)
    const rect = rects[0] ?? node.getBoundingClientRect()
    return rect.width > 0 && rect.height > 0 ? {x: rect.left + rect.width / 2, y: rect.top + rect.height / 2} : null
  })
  if (!point) throw new Error(`${target.description} has no box on the page`)
  return point
}

/**
 * Runs an action; if it starts a navigation of the main frame within `graceMs`, waits until the new page has
 * loaded. The navigation is seen by its request, so a slow server does not make the wait end early.
 */
async function settleAfter(page: Page, graceMs: number, action: () => Promise<void>): Promise<void> {
  let requested = false
  let committed = false
  const onRequest = (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) requested = true
  }
  const onNavigated = (frame: Frame) => {
    if (frame === page.mainFrame()) committed = true
  }
  page.on('request', onRequest)
  page.on('framenavigated', onNavigated)
  try {
    await action()
    const graceEnd = Date.now() + graceMs
    while (!requested && !committed && Date.now() < graceEnd) await sleep(20)
    if (!requested && !committed) return
    const loadEnd = Date.now() + NAVIGATION_TIMEOUT_MS
    while (!committed && Date.now() < loadEnd) await sleep(20)
    await page.waitForLoadState('load', {timeout: Math.max(1, loadEnd - Date.now())})
  } finally {
    page.off('request', onRequest)
    page.off('framenavigated', onNavigated)
  }
}

const NAVIGATION_TIMEOUT_MS = 30_000
const TARGET_WAIT_MS = 5000

/**
 * True when clicking the element loads another page: a link to another document, or a form's submit button. Such a
 * click is given the full navigation timeout to start loading, however slow the machine; other clicks get a grace.
 */
function startsNavigation(node: unknown): boolean {
  // Runs in the page; the DOM types are spelt out because this project compiles without the DOM library.
  interface DomElement {
    closest(selector: string): DomElement | null
    getAttribute(name: string): string | null
    hasAttribute(name: string): boolean
    form?: unknown
  }
  const {location} = globalThis as unknown as {location: {href: string; pathname: string; search: string}}
  const element = node as DomElement
  const link = element.closest('a[href]')
  if (link) {
    const href = link.getAttribute('href') ?? ''
    if (href.startsWith('#') || href.startsWith('javascript:') || link.hasAttribute('download')) return false
    const target = new URL(href, location.href)
    return !(target.pathname === location.pathname && target.search === location.search && target.hash !== '')
  }
  const button = element.closest('button, input[type="submit"], input[type="image"]')
  if (!button) return false
  const type = (button.getAttribute('type') ?? 'submit').toLowerCase()
  return type === 'submit' && button.form !== null && button.form !== undefined && !button.hasAttribute('onclick')
}
