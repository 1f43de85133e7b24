// Agreement between a judge's rewards and labels, positive = reward 1. Pure arithmetic: a metric whose denominator is
// 0 (precision with no predicted positive, kappa when both sides are the same constant, anything on no pairs) is null,
// never NaN.
import {LEVELS, type Level} from '../schema/level.js'

/** One judged trajectory with its label. */
export interface ScoredPair {
  predicted: 0 | 1
  actual: 0 | 1
  level: Level | null
  source: string
  /** The judgment failed (its reward 0 is the fail-safe, not a verdict). */
  judge_error: boolean
}

export interface Confusion {
  tp: number
  fp: number
  fn: number
  tn: number
}

export interface Agreement {
  n: number
  accuracy: number | null
  precision: number | null
  recall: number | null
  f1: number | null
  kappa: number | null
  confusion: Confusion
  judge_errors: number
}

export const LEVEL_GROUPS = [...LEVELS, 'unknown'] as const
export type LevelGroup = (typeof LEVEL_GROUPS)[number]

export interface AgreementReport {
  overall: Agreement
  /** Always all four groups, in order; a level with no pair has n 0 and null metrics. */
  by_level: Record<LevelGroup, Agreement>
  /** The sources of the scored pairs, in name order. */
  by_source: Record<string, Agreement>
}

export function tallyConfusion(pairs: readonly Pick<ScoredPair, 'predicted' | 'actual'>[]): Confusion {
  const confusion = {tp: 0, fp: 0, fn: 0, tn: 0}
  for (const {predicted, actual} of pairs) {
    if (predicted === 1 && actual === 1) confusion.tp++
    else if (predicted === 1) confusion.fp++
    else if (actual === 1) confusion.fn++
    else confusion.tn++
  }
  return confusion
}

/**
 * The metrics of a confusion matrix. F1 is 2tp / (2tp + fp + fn), so it is 0 (not null) when there are positives but
 * the judge found none; Cohen's kappa uses the exact binary form 2(tp·tn − fp·fn) / ((tp+fp)(fp+tn) + (tp+fn)(fn+tn)).
 */
export function agreementOf(confusion: Confusion, judgeErrors = 0): Agreement {
  const {tp, fp, fn, tn} = confusion
  const n = tp + fp + fn + tn
  return {
    n,
    accuracy: ratio(tp + tn, n),
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, tp + fn),
    f1: ratio(2 * tp, 2 * tp + fp + fn),
    kappa: ratio(2 * (tp * tn - fp * fn), (tp + fp) * (fp + tn) + (tp + fn) * (fn + tn)),
    confusion: {...confusion},
    judge_errors: judgeErrors,
  }
}

/** Agreement over all pairs, per task level and per task source. */
export function agreementReport(pairs: readonly ScoredPair[]): AgreementReport {
  const byLevel = new Map<LevelGroup, ScoredPair[]>(LEVEL_GROUPS.map((level) => [level, []]))
  const bySource = new Map<string, ScoredPair[]>()
  for (const pair of pairs) {
    byLevel.get(pair.level ?? 'unknown')!.push(pair)
    const source = bySource.get(pair.source)
    if (source) source.push(pair)
    else bySource.set(pair.source, [pair])
  }
  const sources = [...bySource.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return {
    overall: agreementOfPairs(pairs),
    by_level: Object.fromEntries(LEVEL_GROUPS.map((level) => [level, agreementOfPairs(byLevel.get(level)!)])) as Record<
      LevelGroup,
      Agreement
    >,
    by_source: Object.fromEntries(sources.map((source) => [source, agreementOfPairs(bySource.get(source)!)])),
  }
}

function agreementOfPairs(pairs: readonly ScoredPair[]): Agreement {
  return agreementOf(tallyConfusion(pairs), pairs.filter((pair) => pair.judge_error).length)
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator
}
