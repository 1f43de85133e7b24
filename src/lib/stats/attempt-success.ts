// Success over several attempts per task (rollout --samples K, then judge): success at attempt 1 and pass@k.

/** Per task: judged attempts, how many succeeded (reward 1), and the reward of attempt 1 when it was judged. */
interface TaskAttempts {
  n: number
  successes: number
  first: number | null
}

export interface AttemptSuccess {
  /** Tasks with at least one judged trajectory. */
  tasks: number
  /** Judged trajectories per task: the fewest and the most. */
  attempts: {min: number; max: number}
  /** Share of tasks whose attempt 1 succeeded, over the tasks whose attempt 1 was judged; null when none was. */
  success_at_attempt_1: number | null
  /**
   * pass@k for k = 1 .. the fewest attempts any task has: the chance that at least one of k attempts drawn from a
   * task's n succeeds, 1 - C(n-c, k) / C(n, k) (the unbiased estimator of Chen et al., 2021), averaged over tasks.
   */
  pass_at_k: Record<string, number>
}

export class AttemptTally {
  private readonly byTask = new Map<string, TaskAttempts>()

  /** One judged trajectory: its task, which attempt it was (records before --samples: 1) and its reward. */
  add(taskId: string, attempt: number, reward: number): void {
    const entry = this.byTask.get(taskId) ?? {n: 0, successes: 0, first: null}
    entry.n++
    if (reward === 1) entry.successes++
    if (attempt === 1) entry.first = reward
    this.byTask.set(taskId, entry)
  }

  summary(): AttemptSuccess | null {
    const tasks = [...this.byTask.values()]
    if (tasks.length === 0) return null
    const counts = tasks.map((task) => task.n)
    const min = Math.min(...counts)
    const firsts = tasks.filter((task) => task.first !== null)
    const passAtK: Record<string, number> = {}
    for (let k = 1; k <= min; k++)
      passAtK[String(k)] = round(tasks.reduce((sum, task) => sum + passAt(task.n, task.successes, k), 0) / tasks.length)
    return {
      tasks: tasks.length,
      attempts: {min, max: Math.max(...counts)},
      success_at_attempt_1:
        firsts.length === 0 ? null : round(firsts.filter((task) => task.first === 1).length / firsts.length),
      pass_at_k: passAtK,
    }
  }
}

/** 1 - C(n-c, k) / C(n, k), as a product that stays exact in floating point for any n. */
export function passAt(n: number, c: number, k: number): number {
  if (n - c < k) return 1
  let fail = 1
  for (let i = n - c + 1; i <= n; i++) fail *= 1 - k / i
  return 1 - fail
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000
}
