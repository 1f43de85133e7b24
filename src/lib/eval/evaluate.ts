// The evaluation of judged runs as a paper reports it: each run's success rate with its Wilson interval, overall and
// by level, domain, source and split side; pass@k when tasks have several attempts; and each later run against the
// first on the tasks both hold (paired bootstrap interval of the difference, McNemar's test, the tasks that flipped).
import {firstSuccess, type RunOutcomes, type TaskOutcome} from './run-outcomes.js'
import {splitSide} from './test-tasks.js'
import {mcnemarP, pairedBootstrap, passAtK, wilsonInterval} from './statistics.js'

export interface Cell {
  n: number
  successes: number
  success_rate: number
  ci95: [number, number]
}

export interface RunReport extends Cell {
  name: string
  file: string
  policy: string | null
  model: string | null
  trajectories: number
  /** The most attempts any task has. */
  attempts: number
  /** pass@k for k = 1..attempts (unbiased, over the tasks with at least k attempts); null with one attempt each. */
  pass_at_k: Record<string, number> | null
  mean_steps: number
  statuses: Record<string, number>
  by_level: Record<string, Cell>
  by_domain: Record<string, Cell>
  by_source: Record<string, Cell>
  /** By split side, when the test tasks were given. */
  by_split: Record<string, Cell> | null
}

export interface PairedReport {
  first: string
  second: string
  /** Tasks both runs hold. */
  n: number
  /** Second run's success rate minus the first's, on those tasks. */
  difference: number
  ci95: [number, number]
  mcnemar_p: number
  /** Tasks whose outcome changed, as [first, second] successes (1 or 0). */
  flipped: {task_id: string; first: 0 | 1; second: 0 | 1}[]
  only_in_first: string[]
  only_in_second: string[]
}

export interface EvalReport {
  runs: RunReport[]
  /** The two runs compared, when exactly two were given. */
  paired: PairedReport | null
  /** Every later run against the first. */
  comparisons: PairedReport[]
  bootstrap: {samples: number; seed: number}
}

export interface EvaluateOptions {
  /** Task ids of the held-out (test) side; the others are train. */
  testTasks?: ReadonlySet<string>
  bootstrapSamples: number
  seed: number
}

export function evaluate(runs: readonly RunOutcomes[], options: EvaluateOptions): EvalReport {
  const reports = runs.map((run) => runReport(run, options))
  const comparisons = runs.slice(1).map((run) => comparePaired(runs[0]!, run, options))
  return {
    runs: reports,
    paired: runs.length === 2 ? comparisons[0]! : null,
    comparisons,
    bootstrap: {samples: options.bootstrapSamples, seed: options.seed},
  }
}

function cell(tasks: readonly TaskOutcome[]): Cell {
  const successes = tasks.filter(firstSuccess).length
  return {
    n: tasks.length,
    successes,
    success_rate: tasks.length === 0 ? 0 : successes / tasks.length,
    ci95: wilsonInterval(successes, tasks.length),
  }
}

function facet(tasks: readonly TaskOutcome[], keyOf: (task: TaskOutcome) => string): Record<string, Cell> {
  const groups = new Map<string, TaskOutcome[]>()
  for (const task of tasks) {
    const key = keyOf(task)
    if (!groups.has(key)) groups.set(key, [])
    groups.get(key)!.push(task)
  }
  return Object.fromEntries(
    [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, group]) => [key, cell(group)]),
  )
}

function runReport(run: RunOutcomes, options: EvaluateOptions): RunReport {
  const tasks = [...run.tasks.values()]
  const attempts = tasks.reduce((most, task) => Math.max(most, task.attempts.length), 0)
  const all = tasks.flatMap((task) => task.attempts)
  const statuses: Record<string, number> = {}
  for (const attempt of all) statuses[attempt.status] = (statuses[attempt.status] ?? 0) + 1
  let passAt: Record<string, number> | null = null
  if (attempts > 1) {
    passAt = {}
    for (let k = 1; k <= attempts; k++) {
      const eligible = tasks.filter((task) => task.attempts.length >= k)
      const total = eligible.reduce(
        (sum, task) => sum + passAtK(task.attempts.length, task.attempts.filter((a) => a.success).length, k),
        0,
      )
      passAt[String(k)] = eligible.length === 0 ? 0 : total / eligible.length
    }
  }
  return {
    name: run.name,
    file: run.file,
    policy: run.policy,
    model: run.model,
    ...cell(tasks),
    trajectories: all.length,
    attempts,
    pass_at_k: passAt,
    mean_steps: all.length === 0 ? 0 : all.reduce((sum, attempt) => sum + attempt.steps, 0) / all.length,
    statuses: Object.fromEntries(Object.entries(statuses).sort(([a], [b]) => a.localeCompare(b))),
    by_level: facet(tasks, (task) => task.level ?? '(none)'),
    by_domain: facet(tasks, (task) => task.domain ?? '(none)'),
    by_source: facet(tasks, (task) => task.source),
    by_split: options.testTasks ? facet(tasks, (task) => splitSide(task.taskId, options.testTasks!)) : null,
  }
}

/** The second run against the first on the tasks both hold (their first attempts). */
export function comparePaired(
  first: RunOutcomes,
  second: RunOutcomes,
  options: Pick<EvaluateOptions, 'bootstrapSamples' | 'seed'>,
): PairedReport {
  const shared = [...first.tasks.keys()].filter((id) => second.tasks.has(id)).sort()
  const pairs = shared.map(
    (id) => [Number(firstSuccess(first.tasks.get(id)!)), Number(firstSuccess(second.tasks.get(id)!))] as const,
  )
  const onlyFirst = pairs.filter(([a, b]) => a === 1 && b === 0).length
  const onlySecond = pairs.filter(([a, b]) => a === 0 && b === 1).length
  return {
    first: first.name,
    second: second.name,
    n: shared.length,
    difference: shared.length === 0 ? 0 : (onlySecond - onlyFirst) / shared.length,
    ci95: pairedBootstrap(pairs, options.bootstrapSamples, options.seed),
    mcnemar_p: mcnemarP(onlyFirst, onlySecond),
    flipped: shared.flatMap((id, i) =>
      pairs[i]![0] !== pairs[i]![1] ? [{task_id: id, first: pairs[i]![0] as 0 | 1, second: pairs[i]![1] as 0 | 1}] : [],
    ),
    only_in_first: [...first.tasks.keys()].filter((id) => !second.tasks.has(id)).sort(),
    only_in_second: [...second.tasks.keys()].filter((id) => !first.tasks.has(id)).sort(),
  }
}
