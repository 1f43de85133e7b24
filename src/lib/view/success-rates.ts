import {LEVELS} from '../schema/level.js'
import type {RateGroup} from './svg-charts.js'
import type {IndexRow} from './view-record.js'

/** The label of trajectories without a level, website or domain. */
export const NONE_LABEL = '(none)'

function tally(rows: readonly IndexRow[], keyOf: (row: IndexRow) => string): Map<string, RateGroup> {
  const groups = new Map<string, RateGroup>()
  for (const row of rows) {
    const label = keyOf(row)
    let group = groups.get(label)
    if (!group) groups.set(label, (group = {label, successes: 0, judged: 0, total: 0}))
    group.total++
    if (row.reward !== null) group.judged++
    if (row.reward === 1) group.successes++
  }
  return groups
}

/** Success rate per level, easy to hard, then tasks without a level. */
export function ratesByLevel(rows: readonly IndexRow[]): RateGroup[] {
  const groups = tally(rows, (row) => row.level ?? NONE_LABEL)
  const order: string[] = [...LEVELS, NONE_LABEL]
  return [...groups.values()].sort((a, b) => rank(order, a.label) - rank(order, b.label) || a.label.localeCompare(b.label))
}

/**
 * Success rate per task domain (the website when a task has none), largest first; past `top` groups the rest are
 * pooled into one "other" bar, so a run over thousands of websites still gives a readable chart.
 */
export function ratesByDomain(rows: readonly IndexRow[], top = 15): RateGroup[] {
  const groups = [...tally(rows, (row) => row.domain ?? row.website ?? NONE_LABEL).values()].sort((a, b) => b.total - a.total || a.label.localeCompare(b.label))
  if (groups.length <= top) return groups
  const rest = groups.slice(top - 1)
  const other: RateGroup = {label: `other (${rest.length})`, successes: 0, judged: 0, total: 0}
  for (const group of rest) {
    other.successes += group.successes
    other.judged += group.judged
    other.total += group.total
  }
  return [...groups.slice(0, top - 1), other]
}

function rank(order: readonly string[], label: string): number {
  const i = order.indexOf(label)
  return i === -1 ? order.length : i
}
