import {SeededRandom} from '../random/seeded-random.js'
import type {Task} from '../schema/task.js'
import {attemptOf, type Attempt} from '../rollout/trajectory-record.js'

/**
 * The tasks a server was started with, and which attempt of each the next episode is: a task run again (a trainer
 * sampling a group per prompt) gets the next attempt, so its trajectory id `<task id>#<attempt>` is its own, as with
 * `rollout --samples`.
 */
export class ServedTasks {
  private readonly byId = new Map<string, Task>()
  private readonly attempts = new Map<string, number>()
  private cursor = 0

  constructor(readonly tasks: readonly Task[]) {
    for (const task of tasks) if (!this.byId.has(task.id)) this.byId.set(task.id, task)
  }

  get size(): number {
    return this.tasks.length
  }

  find(id: string): Task | undefined {
    return this.byId.get(id)
  }

  /** The served tasks in turn, from the first again after the last; undefined when none are served. */
  next(): Task | undefined {
    if (this.tasks.length === 0) return undefined
    return this.tasks[this.cursor++ % this.tasks.length]
  }

  /** The task a seed picks: the same seed always picks the same task of the same files. */
  drawn(seed: number): Task | undefined {
    if (this.tasks.length === 0) return undefined
    return this.tasks[new SeededRandom(seed).below(this.tasks.length)]
  }

  /** The next attempt of a task (from 1), counted over this server's life. */
  nextAttempt(taskId: string): Attempt {
    const attempt = (this.attempts.get(taskId) ?? 0) + 1
    this.attempts.set(taskId, attempt)
    return attemptOf(taskId, attempt)
  }
}
