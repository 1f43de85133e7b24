import type {Page} from 'playwright-core'
import {SeededRandom} from '../../random/seeded-random.js'
import {SolutionSchema, type SolutionStep, type Target} from '../../schema/solution.js'
import type {Task} from '../../schema/task.js'
import type {Action} from '../../schema/action.js'
import {unreachable} from '../../unreachable.js'
import {uniqueVisible} from '../../sites/solution-runner.js'
import {QWEN3VL_PROMPT_VERSION, qwen3vlReply} from '../../prompts/qwen3vl.js'
import {SOM_PROMPT_VERSION, somReply} from '../../prompts/som.js'
import {backendNodeIds} from '../../observe/node-ids.js'
import type {PageElements} from '../../observe/page-elements.js'
import {toRelative} from '../coordinates.js'
import {PolicyFailure, type EpisodePolicy, type Policy, type PolicyInput, type PolicyOutput} from '../policy.js'
import {randomAction} from './random.js'

export interface OracleOptions {
  /** Probability of a random action in place of the solution's next one. */
  noise: number
  /**
   * Act through the observation's element ids (observation modes that number elements), replying in the som dialect,
   * as an agent that reads the marks would; otherwise by coordinates, in the qwen3vl dialect.
   */
  elementIds?: boolean
}

/** Scrolls towards a target before the oracle gives up on reaching it by the wheel and lets the DOM bring it in. */
const MAX_SCROLLS_PER_TARGET = 8

/**
 * The fixture web's oracle: follows the task's reference solution (`meta.solution`), finding each target in the DOM
 * and acting on it by coordinates, as a screenshot agent would, so its trajectories are valid training data: a
 * target outside the viewport is first scrolled to with wheel actions. With `noise` > 0 some steps are random
 * actions instead, which gives realistic failures.
 */
export class OraclePolicy implements Policy {
  readonly name = 'oracle'
  readonly model = null
  // The oracle writes each action as a reply in the qwen3vl dialect, so its successful episodes are demonstrations
  // that `webgym train` can clone: the prompts a model in its place would have been sent, and these replies.
  readonly promptVersion: string
  readonly promptSettings = {window: 4, memory: false}
  readonly version = 'oracle-v1'
  readonly remote = false

  constructor(private readonly options: OracleOptions) {
    this.promptVersion = options.elementIds ? SOM_PROMPT_VERSION : QWEN3VL_PROMPT_VERSION
  }

  begin(task: Task, seed: number): EpisodePolicy {
    const parsed = SolutionSchema.safeParse((task.meta as {solution?: unknown} | undefined)?.solution)
    if (!parsed.success)
      throw new PolicyFailure(
        `${task.id} has no reference solution in meta.solution (the oracle works on fixture-web tasks: webgym sites tasks)`,
      )
    return new OracleEpisode(parsed.data, new SeededRandom(seed), this.options.noise, this.options.elementIds === true)
  }
}

class OracleEpisode implements EpisodePolicy {
  private next_ = 0
  private scrolls = 0
  private misses = 0
  private centred = false
  /** The DOM scrolled the page while this step was decided, so the observation the step was given no longer shows it. */
  private moved = false
  /** In element mode, a typed field's Enter is its own step (press): the field it goes to. */
  private enterPending = false

  constructor(
    private readonly solution: readonly SolutionStep[],
    private readonly random: SeededRandom,
    private readonly noise: number,
    private readonly elementIds: boolean,
  ) {}

  async next(input: PolicyInput): Promise<PolicyOutput> {
    const act = (action: Action) => this.reply(action)
    this.moved = false
    if (this.noise > 0 && this.random.nextFloat() < this.noise) return act(randomAction(this.random))
    for (;;) {
      const step = this.solution[this.next_]
      if (!step) return act({name: 'answer', text: ''})
      switch (step.op) {
        case 'navigate':
          this.next_++
          return act({name: 'navigate', url: step.url})
        case 'back':
          this.next_++
          return act({name: 'go_back'})
        case 'answer':
          this.next_++
          return act({name: 'answer', text: step.text})
        default: {
          const place = await this.locate(input.page, step.target, input.viewport)
          if (place.kind === 'missing') {
            // Usually a noisy step took the page elsewhere: go back once, then give up.
            this.misses++
            if (this.misses > 2) return act({name: 'answer', text: 'I could not complete the task.'})
            return act({name: 'go_back'})
          }
          this.misses = 0
          if (place.kind === 'scroll') {
            this.scrolls++
            return act({name: 'scroll', coordinate: [500, 500], direction: place.direction})
          }
          this.scrolls = 0
          if (step.op === 'scroll_to') {
            // What a scroll_to brings into view must be on the screen the next step is decided on (an answer read
            // from it): when the DOM had to bring it, the step waits for the screen that shows it.
            if (this.moved) return act({name: 'wait', seconds: 1})
            this.next_++
            continue
          }
          if (this.elementIds) return this.actOnElement(step, place, input)
          this.next_++
          const coordinate = toRelative(place.point, input.viewport)
          if (step.op === 'click') return act({name: 'left_click', coordinate})
          return act({name: 'type', coordinate, text: step.submit ? `${step.text}\n` : step.text})
        }
      }
    }
  }

  /**
   * The solution's click or type acted out on the numbered element under the target's centre, as an agent reading the
   * marks names it; a submitted field's Enter follows as a press on the next step.
   */
  private actOnElement(
    step: Extract<SolutionStep, {op: 'click' | 'type'}>,
    place: {point: {x: number; y: number}; nodes: number[]},
    input: PolicyInput,
  ): PolicyOutput {
    const element = elementAt(input.observation.elements, place.nodes, place.point)
    if (element === null) {
      this.next_++
      return this.reply({name: 'answer', text: 'I could not find the element the task needs among the numbered ones.'})
    }
    if (step.op === 'click') {
      this.next_++
      return this.reply({name: 'left_click', element})
    }
    if (this.enterPending) {
      this.enterPending = false
      this.next_++
      return this.reply({name: 'press', element, key: 'Enter'})
    }
    if (step.submit) this.enterPending = true
    else this.next_++
    return this.reply({name: 'type', element, text: step.text})
  }

  private reply(action: Action): PolicyOutput {
    const thought = thoughtFor(action)
    return {
      response: this.elementIds ? somReply(action, thought) : qwen3vlReply(action, thought),
      action,
      memory: null,
      error: null,
    }
  }

  private async locate(
    page: Page,
    target: Target,
    viewport: {width: number; height: number},
  ): Promise<
    | {kind: 'missing'}
    | {kind: 'scroll'; direction: 'up' | 'down'}
    | {kind: 'here'; point: {x: number; y: number}; nodes: number[]}
  > {
    let element
    try {
      element = await uniqueVisible(page, target)
    } catch {
      return {kind: 'missing'}
    }
    if (this.scrolls >= MAX_SCROLLS_PER_TARGET) {
      this.moved = true
      await element.scrollIntoViewIfNeeded().catch(() => {})
    }
    const box = await element.evaluate(centreAndCover)
    if (box.y < 0) return {kind: 'scroll', direction: 'up'}
    if (box.y >= viewport.height) return {kind: 'scroll', direction: 'down'}
    if (box.x < 0 || box.x >= viewport.width || !box.hit) {
      // Off to the side, or under a sticky header or banner: the DOM centres it (a move the screenshot then shows).
      if (this.centred)
        return {kind: 'here', point: box, nodes: this.elementIds ? await backendNodeIds(page, element) : []}
      this.centred = true
      this.moved = true
      await element
        .evaluate((node) =>
          (node as {scrollIntoView(options: object): void}).scrollIntoView({block: 'center', inline: 'center'}),
        )
        .catch(() => {})
      return this.locate(page, target, viewport)
    }
    this.centred = false
    return {kind: 'here', point: box, nodes: this.elementIds ? await backendNodeIds(page, element) : []}
  }
}

/** The centre of the element's first line box, and whether that point hits the element rather than something over it. */
function centreAndCover(node: unknown): {x: number; y: number; hit: boolean} {
  interface Rect {
    left: number
    top: number
    width: number
    height: number
  }
  interface Element {
    getClientRects(): ArrayLike<Rect>
    getBoundingClientRect(): Rect
    contains(other: unknown): boolean
  }
  const element = node as Element
  const rects = [...Array.from(element.getClientRects())].filter((rect) => rect.width > 0 && rect.height > 0)
  const rect = rects[0] ?? element.getBoundingClientRect()
  const x = rect.left + rect.width / 2
  const y = rect.top + rect.height / 2
  const {document} = globalThis as unknown as {document: {elementFromPoint(x: number, y: number): unknown}}
  const top = document.elementFromPoint(x, y)
  return {x, y, hit: top !== null && (element.contains(top) || (top as Element).contains(element))}
}

/**
 * The numbered element an agent reading the marks would name for the target: the element itself, else the control a
 * label is for (`nodes`, their DOM node ids, in that order), else the innermost numbered element under the target's centre,
 * interactive ones first. Null if there is none.
 */
export function elementAt(
  elements: PageElements | null,
  nodes: readonly number[],
  point: {x: number; y: number},
): number | null {
  if (!elements) return null
  const all = [...elements.byId.values()]
  for (const node of nodes) {
    const match = all.find((element) => element.backendNodeId === node)
    if (match) return match.id
  }
  const holding = all.filter(
    ({box}) =>
      box.width > 0 &&
      box.height > 0 &&
      point.x >= box.x &&
      point.x <= box.x + box.width &&
      point.y >= box.y &&
      point.y <= box.y + box.height,
  )
  holding.sort(
    (a, b) => Number(b.interactive) - Number(a.interactive) || a.box.width * a.box.height - b.box.width * b.box.height,
  )
  return holding[0]?.id ?? null
}

/** A short first-person reason for an action, as the model's Thought would give it. */
function thoughtFor(action: Action): string {
  switch (action.name) {
    case 'left_click':
      return 'The element the task needs next is on the screen, so I click it.'
    case 'type':
      return `I type "${action.text}" into the field.`
    case 'press':
      return `I press ${action.key} to submit the field.`
    case 'scroll':
      return `What the task needs next is not in view, so I scroll ${action.direction}.`
    case 'answer':
      return 'The page shows what the task asks for, so I answer.'
    case 'go_back':
      return 'I go back to the previous page.'
    case 'navigate':
      return `I open ${action.url}.`
    case 'wait':
      return 'I wait for the page.'
  }
  return unreachable(action, 'action')
}
