import {opt, optionText, type Text} from '../option-text.js'
import type {JudgedTrajectory} from '../schema/judged.js'
import {scalarText, valueAtPath} from './dotted-path.js'
import type {FilterOptions, WhereClause} from './filter-options.js'

/** One condition a record must meet; `reason` names it (its option) in the summary's count of dropped records. */
export interface RecordCheck {
  reason: Text
  keeps(record: JudgedTrajectory): boolean
}

// The record filters in the order they are tried: a dropped record is counted under the first one it fails.
export function recordChecks(options: FilterOptions): RecordCheck[] {
  const checks: RecordCheck[] = []
  if (options.success)
    checks.push({reason: optionText`${opt('success')}`, keeps: (record) => record.judgment.reward === 1})
  const {minReward} = options
  if (minReward !== null)
    checks.push({
      reason: optionText`${opt('minReward')} ${minReward}`,
      keeps: (record) => record.judgment.reward >= minReward,
    })
  if (options.statuses.length > 0) {
    const statuses = new Set<string>(options.statuses)
    checks.push({reason: optionText`${opt('status')}`, keeps: (record) => statuses.has(record.status)})
  }
  if (options.levels.length > 0) {
    const levels = new Set<string | null>(options.levels)
    checks.push({reason: optionText`${opt('level')}`, keeps: (record) => levels.has(record.task.level)})
  }
  for (const clause of options.where)
    checks.push({reason: optionText`${opt('where')} ${clause.text}`, keeps: (record) => whereHolds(clause, record)})
  return checks
}

/** The reason of the first check the record fails, or null when it passes them all. */
export function firstFailedCheck(checks: readonly RecordCheck[], record: JudgedTrajectory): Text | null {
  for (const check of checks) if (!check.keeps(record)) return check.reason
  return null
}

/** Does the JSON scalar at the clause's path, written as text, equal its value? Missing fields and objects never do. */
export function whereHolds(clause: WhereClause, record: unknown): boolean {
  return scalarText(valueAtPath(record, clause.path)) === clause.value
}
