// Runs compared task by task for the report's comparison pages, as `webgym eval` compares them: a task's outcome in
// a run is its first attempt's reward, and the paired statistics (bootstrap interval of the difference, McNemar's
// test, the flipped tasks) come from src/lib/eval on the tasks judged in both runs. Each run keeps one small entry
// per task while rows stream by.
import {comparePaired, type PairedReport} from '../eval/evaluate.js'
import type {RunOutcomes, TaskOutcome} from '../eval/run-outcomes.js'
import type {ReportRun} from './report-runs.js'
import {clip} from './table-data.js'
import type {IndexRow, SplitSide} from './view-record.js'

/** A run's first attempt at a task: its trajectory page and reward (null: not judged). */
export interface FirstAttempt {
  n: number
  attempt: number
  reward: 0 | 1 | null
}

interface TaskFacts {
  intent: string
  level: string | null
  domain: string | null
  source: string
  split: SplitSide | null
}

/** How a task's outcome changed from run A to run B. */
export type Change =
  'to success' | 'to failure' | 'only in A' | 'only in B' | 'both success' | 'both failure' | 'not judged'

/** The comparison table's order: flipped tasks first, then tasks one run lacks, then the unchanged. */
export const CHANGE_ORDER: readonly Change[] = [
  'to success',
  'to failure',
  'only in A',
  'only in B',
  'both success',
  'both failure',
  'not judged',
]

export interface PairRow {
  taskId: string
  intent: string
  level: string | null
  split: SplitSide | null
  a: FirstAttempt | null
  b: FirstAttempt | null
  change: Change
}

export interface Comparison {
  a: ReportRun
  b: ReportRun
  /** On the tasks judged in both runs. */
  paired: PairedReport
  /** Successes of each run on those tasks. */
  successes: {a: number; b: number}
  /** The same, per split side, when the test side was given. */
  bySplit: {side: SplitSide; paired: PairedReport; successes: {a: number; b: number}}[] | null
  /** Every task of either run, flipped first (see CHANGE_ORDER), then by task id. */
  rows: PairRow[]
  /** Tasks per change. */
  changes: Record<Change, number>
}

export const INTENT_MAX = 300

export class RunPairing {
  private readonly firsts: Map<string, FirstAttempt>[]
  private readonly tasks = new Map<string, TaskFacts>()

  constructor(private readonly runs: readonly ReportRun[]) {
    this.firsts = runs.map(() => new Map())
  }

  add(row: IndexRow): void {
    if (!this.tasks.has(row.taskId))
      this.tasks.set(row.taskId, {
        intent: clip(row.intent, INTENT_MAX),
        level: row.level,
        domain: row.domain,
        source: row.source,
        split: row.split,
      })
    const firsts = this.firsts[row.run]!
    const earlier = firsts.get(row.taskId)
    // The lowest attempt counts; the same attempt given twice counts once, the first time.
    if (!earlier || row.attempt < earlier.attempt)
      firsts.set(row.taskId, {n: row.n, attempt: row.attempt, reward: row.reward})
  }

  /** Run b against run a (0-based positions). */
  compare(a: number, b: number, options: {bootstrapSamples: number; seed: number}): Comparison {
    const ids = [...new Set([...this.firsts[a]!.keys(), ...this.firsts[b]!.keys()])]
    const rows = ids.map((taskId) => this.pairRow(taskId, a, b))
    const rank = (change: Change) => CHANGE_ORDER.indexOf(change)
    rows.sort((x, y) => rank(x.change) - rank(y.change) || (x.taskId < y.taskId ? -1 : x.taskId > y.taskId ? 1 : 0))
    const stats = (side: SplitSide | null) => {
      const first = this.outcomes(a, side)
      const second = this.outcomes(b, side)
      return {
        paired: comparePaired(first, second, options),
        successes: {a: sharedSuccesses(first, second), b: sharedSuccesses(second, first)},
      }
    }
    const present = new Set([...this.tasks.values()].map((task) => task.split))
    const sides = (['train', 'test'] as const).filter((side) => present.has(side))
    return {
      a: this.runs[a]!,
      b: this.runs[b]!,
      ...stats(null),
      bySplit: sides.length === 0 ? null : sides.map((side) => ({side, ...stats(side)})),
      rows,
      changes: Object.fromEntries(
        CHANGE_ORDER.map((kind) => [kind, rows.filter((row) => row.change === kind).length]),
      ) as Record<Change, number>,
    }
  }

  private pairRow(taskId: string, a: number, b: number): PairRow {
    const facts = this.tasks.get(taskId)!
    const first = this.firsts[a]!.get(taskId) ?? null
    const second = this.firsts[b]!.get(taskId) ?? null
    return {
      taskId,
      intent: facts.intent,
      level: facts.level,
      split: facts.split,
      a: first,
      b: second,
      change: change(first, second),
    }
  }

  // A run's judged first attempts (on one split side) as src/lib/eval reads a run.
  private outcomes(run: number, side: SplitSide | null): RunOutcomes {
    const tasks = new Map<string, TaskOutcome>()
    for (const [taskId, first] of this.firsts[run]!) {
      const facts = this.tasks.get(taskId)!
      if (first.reward === null || (side !== null && facts.split !== side)) continue
      tasks.set(taskId, {
        taskId,
        level: facts.level,
        domain: facts.domain,
        source: facts.source,
        attempts: [{attempt: first.attempt, success: first.reward === 1, steps: 0, status: ''}],
      })
    }
    return {name: this.runs[run]!.name, file: this.runs[run]!.file, policy: null, model: null, tasks, duplicates: 0}
  }
}

function change(a: FirstAttempt | null, b: FirstAttempt | null): Change {
  if (!b) return 'only in A'
  if (!a) return 'only in B'
  if (a.reward === null || b.reward === null) return 'not judged'
  if (a.reward === b.reward) return a.reward === 1 ? 'both success' : 'both failure'
  return b.reward === 1 ? 'to success' : 'to failure'
}

/** The tasks a run solved among those both runs judged. */
function sharedSuccesses(run: RunOutcomes, other: RunOutcomes): number {
  let count = 0
  for (const task of run.tasks.values()) if (other.tasks.has(task.taskId) && task.attempts[0]!.success) count++
  return count
}
