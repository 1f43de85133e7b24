import type {Page} from 'playwright-core'
import {SeededRandom} from '../../random/seeded-random.js'
import {SolutionSchema, type SolutionStep, type Target} from '../../schema/solution.js'
import type {Task} from '../../schema/task.js'
import type {Action} from '../../schema/trajectory.js'
import {uniqueVisible} from '../../sites/solution-runner.js'
import {QWEN3VL_PROMPT_VERSION, qwen3vlReply} from '../../prompts/qwen3vl.js'
import {toRelative} from '../coordinates.js'
import {PolicyFailure, type EpisodePolicy, type Policy, type PolicyInput, type PolicyOutput} from '../policy.js'
import {randomAction} from './random.js'

export interface OracleOptions {
  /** Probability of a random action in place of the solution's next one. */
  noise: number
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
  readonly promptVersion = QWEN3VL_PROMPT_VERSION
  readonly promptSettings = {window: 4, memory: false}
  readonly version = 'oracle-v1'
  readonly remote = false

  constructor(private readonly options: OracleOptions) {}

  begin(task: Task, seed: number): EpisodePolicy {
    const parsed = SolutionSchema.safeParse((task.meta as {solution?: unknown} | undefined)?.solution)
    if (!parsed.success) throw new PolicyFailure(`${task.id} has no reference solution in meta.solution (the oracle works on fixture-web tasks: webgym sites tasks)`)
    return new OracleEpisode(parsed.data, new SeededRandom(seed), this.options.noise)
  }
}

class OracleEpisode implements EpisodePolicy {
  private next_ = 0
  private scrolls = 0
  private misses = 0
  private centred = false

  constructor(
    private readonly solution: readonly SolutionStep[],
    private readonly random: SeededRandom,
    private readonly noise: number,
  ) {}

  async next(input: PolicyInput): Promise<PolicyOutput> {
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
            this.next_++
            continue
          }
          this.next_++
          if (step.op === 'click') return act({name: 'left_click', coordinate: place.coordinate})
          return act({name: 'type', coordinate: place.coordinate, text: step.submit ? `${step.text}\n` : step.text})
        }
      }
    }
  }

  private async locate(page: Page, target: Target, viewport: {width: number; height: number}): Promise<{kind: 'missing'} | {kind: 'scroll'; direction: 'up' | 'down'} | {kind: 'here'; coordinate: [number, number]}> {
    let element
    try {
      element = await uniqueVisible(page, target)
    } catch {
      return {kind: 'missing'}
    }
    if (this.scrolls >= MAX_SCROLLS_PER_TARGET) await element.scrollIntoViewIfNeeded().catch(() => {})
    const box = await element.evaluate(centreAndCover)
    if (box.y < 0) return {kind: 'scroll', direction: 'up'}
    if (box.y >= viewport.height) return {kind: 'scroll', direction: 'down'}
    if (box.x < 0 || box.x >= viewport.width || !box.hit) {
      // Off to the side, or under a sticky header or banner: the DOM centres it (a move the screenshot then shows).
      if (this.centred) return {kind: 'here', coordinate: toRelative(box, viewport)}
      this.centred = true
      await element.evaluate((node) => (node as {scrollIntoView(options: object): void}).scrollIntoView({block: 'center', inline: 'center'})).catch(() => {})
      return this.locate(page, target, viewport)
    }
    this.centred = false
    return {kind: 'here', coordinate: toRelative(box, viewport)}
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

function act(action: Action): PolicyOutput {
  return {response: qwen3vlReply(action, thoughtFor(action)), action, memory: null, error: null}
}

/** A short first-person reason for an action, as the model's Thought would give it. */
function thoughtFor(action: Action): string {
  switch (action.name) {
    case 'left_click':
      return 'The element the task needs next is on the screen, so I click it.'
    case 'type':
      return `I type "${action.text ?? ''}" into the field.`
    case 'scroll':
      return `What the task needs next is not in view, so I scroll ${action.direction ?? 'down'}.`
    case 'answer':
      return 'The page shows what the task asks for, so I answer.'
    case 'go_back':
      return 'I go back to the previous page.'
    case 'navigate':
      return `I open ${action.url ?? 'the page'}.`
    default:
      return 'I wait for the page.'
  }
}
