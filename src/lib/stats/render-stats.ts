import {topEntries, type StreamStats, type Tally} from './count-records.js'

/** A plain-text report of stream statistics: one section per breakdown, counts and shares aligned. */
export function renderStats(stats: StreamStats, top: number): string {
  const lines = [`records: ${stats.records} (${stats.tasks} tasks, ${stats.trajectories} trajectories)`, `websites: ${stats.distinct_websites} distinct`]
  const section = (title: string, tally: Tally, limit?: number) => {
    const entries = topEntries(tally, limit)
    if (entries.length === 0) return
    const total = Object.values(tally).reduce((sum, count) => sum + count, 0)
    const width = Math.max(...entries.map(([key]) => key.length))
    lines.push('', title)
    for (const [key, count] of entries) lines.push(`  ${key.padEnd(width)}  ${String(count).padStart(8)}  ${((100 * count) / total).toFixed(1).padStart(5)}%`)
    const rest = Object.keys(tally).length - entries.length
    if (rest > 0) lines.push(`  … ${rest} more`)
  }
  section('by source', stats.by_source)
  section(`by website (top ${top})`, stats.by_website, top)
  section('by domain', stats.by_domain)
  section('by level', stats.by_level)
  section('by status', stats.by_status)
  section('by reward', stats.by_reward)
  return `${lines.join('\n')}\n`
}
