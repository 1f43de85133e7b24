import type {Task} from '../schema/task.js'

/** A microsoft/webgym task row, as `tasks export --format webgym` writes it. */
export interface WebgymRowOut {
  task_id: string
  task_name: string
  website: string | null
  domain: string | null
  subdomain: string | null
  difficulty: number | null
  /** The task's level, which a row without a rubric cannot derive from its difficulty (GAIA's, DeepShop's). */
  level: Task['level']
  evaluator_reference: {id: string | number; description: string; facts: string[]}[]
  definite_answer: string
  attempt_level: number
  benchmark_name: string
}

/**
 * Converts a Task into a microsoft/webgym row. `website` carries the start URL (the reference code navigates to
 * it), `benchmark_name` the source, and `task_id` the webgym id, so `tasks build --source webgym` reads it back.
 */
export function toWebgymRow(task: Task): WebgymRowOut {
  const attempt = task.meta.attempt_level
  return {
    task_id: task.id,
    task_name: task.intent,
    website: task.start_url ?? task.website,
    domain: task.domain,
    subdomain: task.subdomain,
    difficulty: task.difficulty,
    level: task.level,
    evaluator_reference: task.rubric?.fact_groups.map(({id, description, facts}) => ({id, description, facts})) ?? [],
    definite_answer: task.reference_answer ?? '',
    attempt_level: typeof attempt === 'number' && Number.isInteger(attempt) ? attempt : 0,
    benchmark_name: task.source,
  }
}
