// Pairs labels with the judged trajectories they label, by trajectory key (or by task id for a task judged once), and
// refuses anything ambiguous: a label twice, two labels for one trajectory, a trajectory judged twice.
import {formatLocation, InputError, type RecordLocation} from '../errors.js'
import type {Level} from '../schema/level.js'
import type {ScoredPair} from './agreement.js'
import {FactMatcher, type FactMark} from './fact-agreement.js'

/** What `judge eval` keeps of one judged trajectory. */
export interface Prediction {
  key: string
  task_id: string
  level: Level | null
  source: string
  reward: 0 | 1
  judge_error: boolean
  /** The judge's verdicts on rubric facts (pass = 1). */
  facts?: readonly FactMark[]
  location: RecordLocation
}

export type LabelTarget = {by: 'key'; value: string} | {by: 'task_id'; value: string}

/** One label, from a label record or from a judged trajectory used as the label. */
export interface Label {
  target: LabelTarget
  label: 0 | 1
  /** The label is a judged trajectory whose judgment failed (so its 0 is no verdict). */
  judge_error: boolean
  /** Hand verdicts on rubric facts, when the label carries them. */
  facts?: readonly FactMark[]
  location: RecordLocation
}

export interface LabelMatch {
  /** In prediction order. */
  pairs: ScoredPair[]
  /** The per-fact pairs of the labels that carry facts. */
  facts: FactMatcher
  unmatched_predictions: Prediction[]
  unmatched_labels: Label[]
}

export function matchLabels(predictions: readonly Prediction[], labels: readonly Label[]): LabelMatch {
  const byKey = new Map<string, Prediction>()
  const byTask = new Map<string, Prediction[]>()
  for (const prediction of predictions) {
    const first = byKey.get(prediction.key)
    if (first) {
      throw new InputError(
        `${formatLocation(prediction.location)}: trajectory "${prediction.key}" is judged again (first at ${formatLocation(first.location)})`,
        'keep one judgment per trajectory',
      )
    }
    byKey.set(prediction.key, prediction)
    const sameTask = byTask.get(prediction.task_id)
    if (sameTask) sameTask.push(prediction)
    else byTask.set(prediction.task_id, [prediction])
  }

  const seen = new Map<string, Label>()
  const labelOf = new Map<Prediction, Label>()
  const unmatchedLabels: Label[] = []
  for (const label of labels) {
    const {by, value} = label.target
    const id = `${by}\u0000${value}`
    const earlier = seen.get(id)
    if (earlier)
      throw new InputError(
        `${formatLocation(label.location)}: duplicate label for ${by} "${value}" (first at ${formatLocation(earlier.location)})`,
        'keep one label per trajectory',
      )
    seen.set(id, label)
    const prediction = by === 'key' ? byKey.get(value) : onlyPrediction(byTask.get(value), label)
    if (!prediction) {
      unmatchedLabels.push(label)
      continue
    }
    const other = labelOf.get(prediction)
    if (other) {
      throw new InputError(
        `${formatLocation(label.location)}: labels trajectory "${prediction.key}" again (first at ${formatLocation(other.location)})`,
        'keep one label per trajectory',
      )
    }
    labelOf.set(prediction, label)
  }

  const pairs: ScoredPair[] = []
  const facts = new FactMatcher()
  const unmatchedPredictions: Prediction[] = []
  for (const prediction of predictions) {
    const label = labelOf.get(prediction)
    if (!label) {
      unmatchedPredictions.push(prediction)
      continue
    }
    // A failed judgment's reward is the fail-safe 0, whatever the record says.
    const predicted = prediction.judge_error ? 0 : prediction.reward
    pairs.push({
      predicted,
      actual: label.label,
      level: prediction.level,
      source: prediction.source,
      judge_error: prediction.judge_error,
    })
    facts.add(
      {
        key: prediction.key,
        facts: prediction.facts ?? [],
        location: prediction.location,
        judge_error: prediction.judge_error,
      },
      label.facts && {facts: label.facts, location: label.location},
    )
  }
  return {pairs, facts, unmatched_predictions: unmatchedPredictions, unmatched_labels: unmatchedLabels}
}

function onlyPrediction(candidates: Prediction[] | undefined, label: Label): Prediction | undefined {
  if (!candidates || candidates.length < 2) return candidates?.[0]
  const shown = candidates.slice(0, 3).map((prediction) => formatLocation(prediction.location))
  const more = candidates.length > 3 ? `, … ${candidates.length - 3} more` : ''
  throw new InputError(
    `${formatLocation(label.location)}: task_id "${label.target.value}" matches ${candidates.length} judged trajectories (${shown.join(', ')}${more})`,
    'label each of them by "key" (task id@run.started_at) instead',
  )
}
