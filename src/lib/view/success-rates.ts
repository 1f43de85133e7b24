import {LEVELS} from '../schema/level.js'
import type {RateGroup} from './svg-charts.js'
import {NONE_LABEL} from './table-data.js'
import type {IndexRow} from './view-record.js'

export {NONE_LABEL}

/** Successes among judged trajectories, per label (a level, a domain...), counted as rows stream by. */
export class RateTally {
  readonly groups = new Map<string, RateGroup>()

  add(label: string, reward: 0 | 1 | null): void {
    let group = this.groups.get(label)
    if (!group) this.groups.set(label, (group = {label, successes: 0, judged: 0, total: 0}))
    group.total++
    if (reward !== null) group.judged++
    if (reward === 1) group.successes++
  }

  /** The group of a label, empty when no row had it. */
  group(label: string): RateGroup {
    return this.groups.get(label) ?? {label, successes: 0, judged: 0, total: 0}
  }
}

/** The label a row is grouped by in the domain chart: task.domain, else the website. */
export function domainLabel(row: Pick<IndexRow, 'domain' | 'website'>): string {
  return row.domain ?? row.website ?? NONE_LABEL
}

/** Labels easy to hard, then unknown ones alphabetically, then "(none)". */
export function levelOrder(labels: Iterable<string>): string[] {
  const known: string[] = [...LEVELS]
  const rank = (label: string) =>
    label === NONE_LABEL ? known.length + 1 : known.includes(label) ? known.indexOf(label) : known.length
  return [...labels].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
}

/**
 * The `top` largest groups by total over the tallies (a run each), largest first; past them the rest are pooled into
 * one "other (k)" group per tally, so a run over thousands of websites still gives a readable chart.
 */
export function topGroups(tallies: readonly RateTally[], top = 15): RateGroup[][] {
  const totals = new Map<string, number>()
  for (const tally of tallies)
    for (const group of tally.groups.values()) totals.set(group.label, (totals.get(group.label) ?? 0) + group.total)
  const labels = [...totals.keys()].sort((a, b) => totals.get(b)! - totals.get(a)! || a.localeCompare(b))
  if (labels.length <= top) return tallies.map((tally) => labels.map((label) => tally.group(label)))
  const kept = labels.slice(0, top - 1)
  const rest = labels.slice(top - 1)
  return tallies.map((tally) => {
    const other: RateGroup = {label: `other (${rest.length})`, successes: 0, judged: 0, total: 0}
    for (const label of rest) {
      const group = tally.group(label)
      other.successes += group.successes
      other.judged += group.judged
      other.total += group.total
    }
    return [...kept.map((label) => tally.group(label)), other]
  })
}

/** Success rate per level, easy to hard, then tasks without a level. */
export function ratesByLevel(rows: readonly IndexRow[]): RateGroup[] {
  const tally = new RateTally()
  for (const row of rows) tally.add(row.level ?? NONE_LABEL, row.reward)
  return levelOrder(tally.groups.keys()).map((label) => tally.group(label))
}

/** Success rate per task domain (the website when a task has none), largest first, the tail past `top` pooled. */
export function ratesByDomain(rows: readonly IndexRow[], top = 15): RateGroup[] {
  const tally = new RateTally()
  for (const row of rows) tally.add(domainLabel(row), row.reward)
  return topGroups([tally], top)[0]!
}
