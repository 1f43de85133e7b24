import type {Eligibility} from './choose-subsets.js'

/** What `tasks decompose` did with the tasks it wrote, for the summary on stderr. */
export class DecomposeTally {
  readonly byEligibility: Record<Eligibility, number> = {
    eligible: 0,
    'no-rubric': 0,
    'too-few-groups': 0,
    'no-large-group': 0,
    'already-sub-task': 0,
  }
  subtasks = 0

  add(eligibility: Eligibility, subtasks: number): void {
    this.byEligibility[eligibility]++
    this.subtasks += subtasks
  }

  /** `tasks decompose: 4 eligible tasks gave 11 sub-tasks; 3 passed through (1 without a rubric, ...)`. */
  summary(label: string): string {
    const counts = this.byEligibility
    const passed =
      counts['no-rubric'] + counts['too-few-groups'] + counts['no-large-group'] + counts['already-sub-task']
    return (
      `${label}: ${counts.eligible} eligible tasks gave ${this.subtasks} sub-tasks; ${passed} passed through ` +
      `(${counts['no-rubric']} without a rubric, ${counts['too-few-groups']} with one fact group, ` +
      `${counts['no-large-group']} with no group of 3+ facts, ${counts['already-sub-task']} already sub-tasks)`
    )
  }
}
