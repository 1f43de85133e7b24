import {cutText} from './cut-text.js'
import type {Judgment} from './judged.js'
import {TEXT_CAPS, type TextCapName} from './text-caps.js'
import type {RecordedAction} from './action.js'
import type {Step, StepObservation} from './trajectory.js'

// Cuts each text of a trajectory (or judged trajectory) that a page or a model server controls to its cap. The rollout
// bounds what enters an episode with the caps as they are (the policy is shown what the record keeps); fitting a
// record to the line limit bounds it again with smaller caps (fit-record.ts).

/** How texts are cut: each one's cap, and the cut (cutText, or cutAgain for texts that may be cut already). */
export interface Bounds {
  cap(name: TextCapName): number
  cut<T extends string | null | undefined>(text: T, maxChars: number): T
}

export const TEXT_BOUNDS: Bounds = {cap: (name) => TEXT_CAPS[name], cut: cutText}

/** What a record's bounded texts hang on: a trajectory, judged or not. */
export interface BoundedRecord {
  answer: string | null
  error: string | null
  steps: Step[]
  judgment?: Judgment
}

/** An action's texts that a model controls (typed text or answer, URL, key), cut to their caps; any other field as is. */
export function boundAction<T extends RecordedAction | null>(action: T, bounds: Bounds = TEXT_BOUNDS): T {
  if (action === null) return action
  const fields: Record<string, unknown> = {...action}
  for (const [field, cap] of [
    ['text', 'actionText'],
    ['url', 'url'],
    ['key', 'actionKey'],
  ] as const) {
    const value = fields[field]
    if (typeof value === 'string') fields[field] = bounds.cut(value, bounds.cap(cap))
  }
  return fields as T
}

export function boundStep(step: Step, bounds: Bounds = TEXT_BOUNDS): Step {
  const {cut, cap} = bounds
  return {
    ...step,
    url: cut(step.url, cap('url')),
    ...(step.title === undefined ? {} : {title: cut(step.title, cap('title'))}),
    response: cut(step.response, cap('response')),
    ...(step.reasoning === undefined ? {} : {reasoning: cut(step.reasoning, cap('reasoning'))}),
    action: boundAction(step.action, bounds),
    memory: cut(step.memory, cap('memory')),
    action_error: cut(step.action_error, cap('error')),
    ...(step.observation === undefined ? {} : {observation: boundObservationText(step.observation, bounds)}),
    ...(step.page_cause === undefined ? {} : {page_cause: cut(step.page_cause, cap('error'))}),
    ...(step.refused === undefined
      ? {}
      : {
          refused: step.refused.map((refused) => ({
            ...refused,
            host: cut(refused.host, cap('url')),
            reason: cut(refused.reason, cap('error')),
            url: cut(refused.url, cap('url')),
          })),
        }),
  }
}

function boundObservationText(observation: StepObservation, bounds: Bounds): StepObservation {
  if (observation.text === undefined) return observation
  return {...observation, text: bounds.cut(observation.text, bounds.cap('observationText'))}
}

/** The judge model's words in a judgment: its reasons, notes and error. */
export function boundJudgment(judgment: Judgment, bounds: Bounds = TEXT_BOUNDS): Judgment {
  const limit = bounds.cap('error')
  const bounded: Record<string, unknown> = {...judgment}
  for (const key of ['error', 'note', 'answer_reason', 'blocked_reason', 'reference_reason'])
    if (typeof bounded[key] === 'string') bounded[key] = bounds.cut(bounded[key] as string, limit)
  return {
    ...(bounded as Judgment),
    facts: judgment.facts.map((fact) => ({...fact, reason: bounds.cut(fact.reason, limit)})),
  }
}

/** A trajectory (judged or not) with every bounded text cut to its cap. */
export function boundRecord<T extends BoundedRecord>(record: T, bounds: Bounds = TEXT_BOUNDS): T {
  return {
    ...record,
    answer: bounds.cut(record.answer, bounds.cap('actionText')),
    error: bounds.cut(record.error, bounds.cap('error')),
    steps: record.steps.map((step) => boundStep(step, bounds)),
    ...(record.judgment === undefined ? {} : {judgment: boundJudgment(record.judgment, bounds)}),
  }
}
