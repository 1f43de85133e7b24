import {formatLocation, InputError} from '../errors.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import {displayName} from '../io/open-input.js'
import {readRecords} from '../io/read-records.js'
import {opt, optionText} from '../option-text.js'
import {JudgedTrajectorySchema} from '../schema/judged.js'
import {agreementReport, type AgreementReport} from './agreement.js'
import {unmatchedFactsMessage, type FactAgreementReport, type UnmatchedFact} from './fact-agreement.js'
import {formatMetric} from './format-agreement.js'
import {matchLabels, type Label, type Prediction} from './match-labels.js'
import {readLabels} from './read-labels.js'
import {trajectoryKey} from './trajectory-key.js'

export interface JudgeEvalOptions {
  /** Judged trajectories (a file, or - for stdin). */
  predictions: string
  /** Labels (a file, or - for stdin). */
  labels: string
  invalid: InvalidRecords
  maxLineBytes?: number
}

/** What `judge eval --json` prints. */
export interface JudgeEvalReport extends AgreementReport {
  predictions: string
  labels: string
  /** Records left out of the metrics because nothing on the other side matches them. */
  unmatched: {predictions: number; labels: number}
  /** Scored pairs whose judgment failed: counted as reward 0. */
  judge_errors: number
  /** Labels taken from judged trajectories whose judgment failed. */
  label_judge_errors: number
  invalid_skipped: number
  /** Per-fact agreement, over the scored trajectories whose label carries facts (n 0 when none does). */
  facts: FactAgreementReport
}

export interface JudgeEval {
  report: JudgeEvalReport
  unmatched_predictions: Prediction[]
  unmatched_labels: Label[]
  facts_labelled_not_judged: UnmatchedFact[]
  facts_judged_not_labelled: UnmatchedFact[]
}

/** Reads labels (whole) and judged trajectories (a few fields each), pairs them and measures their agreement. */
export async function evalJudge(options: JudgeEvalOptions): Promise<JudgeEval> {
  const read = {invalid: options.invalid, maxLineBytes: options.maxLineBytes}
  const labels = await readLabels(options.labels, read)
  const predictions: Prediction[] = []
  for await (const {record, location} of readRecords([options.predictions], {
    schema: JudgedTrajectorySchema,
    ...read,
  })) {
    const {task, judgment} = record
    const facts = judgment.facts.map(({group_id, fact, pass}) => ({
      group_id,
      fact,
      value: pass ? (1 as const) : (0 as const),
    }))
    predictions.push({
      key: trajectoryKey(record),
      task_id: task.id,
      level: task.level,
      source: task.source,
      reward: judgment.reward,
      judge_error: judgment.error !== null,
      facts,
      location,
    })
  }
  const match = matchLabels(predictions, labels)
  const agreement = agreementReport(match.pairs)
  const unmatchedLabels = new Set(match.unmatched_labels)
  return {
    report: {
      predictions: displayName(options.predictions),
      labels: displayName(options.labels),
      ...agreement,
      unmatched: {predictions: match.unmatched_predictions.length, labels: match.unmatched_labels.length},
      judge_errors: agreement.overall.judge_errors,
      label_judge_errors: labels.filter((label) => label.judge_error && !unmatchedLabels.has(label)).length,
      invalid_skipped: options.invalid.skipped,
      facts: match.facts.report(),
    },
    unmatched_predictions: match.unmatched_predictions,
    unmatched_labels: match.unmatched_labels,
    facts_labelled_not_judged: match.facts.labelledNotJudged,
    facts_judged_not_labelled: match.facts.judgedNotLabelled,
  }
}

/** One line on what was left unscored, naming the first record of each kind; undefined when everything matched. */
export function unmatchedMessage(result: JudgeEval): string | undefined {
  const parts: string[] = []
  const [prediction] = result.unmatched_predictions
  const [label] = result.unmatched_labels
  if (prediction) {
    const count = result.unmatched_predictions.length
    parts.push(
      `${count} judged ${count === 1 ? 'trajectory has' : 'trajectories have'} no label (first: ${formatLocation(prediction.location)}, key "${prediction.key}")`,
    )
  }
  if (label) {
    const count = result.unmatched_labels.length
    parts.push(
      `${count} ${count === 1 ? 'label matches' : 'labels match'} no judged trajectory (first: ${formatLocation(label.location)}, ${label.target.by} "${label.target.value}")`,
    )
  }
  return parts.length > 0 ? parts.join('; ') : undefined
}

/** One line on the facts left unscored (see unmatchedFactsMessage); undefined when every fact matched. */
export function unmatchedFacts(result: JudgeEval): string | undefined {
  return unmatchedFactsMessage(result.facts_labelled_not_judged, result.facts_judged_not_labelled)
}

/** Strict evaluation: every judged trajectory has a label and every label a trajectory. */
export function assertAllMatched(result: JudgeEval): void {
  const message = unmatchedMessage(result)
  if (message)
    throw new InputError(
      optionText`${opt('strict')}: ${message}`,
      optionText`label them, or drop ${opt('strict')} to score the matched pairs only`,
    )
}

/** The stderr summary line. */
export function judgeEvalSummary(report: JudgeEvalReport): string {
  const {overall, facts} = report
  const perFact =
    facts.trajectories > 0
      ? `; facts: ${facts.overall.n} compared, accuracy ${formatMetric(facts.overall.accuracy)}, kappa ${formatMetric(facts.overall.kappa)}`
      : ''
  return `judge eval: ${overall.n} ${overall.n === 1 ? 'pair' : 'pairs'}, accuracy ${formatMetric(overall.accuracy)}, kappa ${formatMetric(overall.kappa)}${perFact}; unmatched: ${report.unmatched.predictions} judged, ${report.unmatched.labels} labels; ${report.judge_errors} judge errors; ${report.invalid_skipped} invalid skipped`
}
