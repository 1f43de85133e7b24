import {topEntries, type StreamStats, type Tally} from './count-records.js'

/** A plain-text report of stream statistics: one section per breakdown, counts and shares aligned. */
export function renderStats(stats: StreamStats, top: number): string {
  const lines = [
    `records: ${stats.records} (${stats.tasks} tasks, ${stats.trajectories} trajectories)`,
    `websites: ${stats.distinct_websites} distinct`,
  ]
  const section = (title: string, tally: Tally, limit?: number) => {
    const entries = topEntries(tally, limit)
    if (entries.length === 0) return
    const total = Object.values(tally).reduce((sum, count) => sum + count, 0)
    const width = Math.max(...entries.map(([key]) => key.length))
    lines.push('', title)
    for (const [key, count] of entries)
      lines.push(
        `  ${key.padEnd(width)}  ${String(count).padStart(8)}  ${((100 * count) / total).toFixed(1).padStart(5)}%`,
      )
    const rest = Object.keys(tally).length - entries.length
    if (rest > 0) lines.push(`  … ${rest} more`)
  }
  section('by source', stats.by_source)
  section(`by website (top ${top})`, stats.by_website, top)
  section('by domain', stats.by_domain)
  section('by level', stats.by_level)
  section('by status', stats.by_status)
  section('by reward', stats.by_reward)
  const {attempts} = stats
  if (attempts) {
    const percent = (share: number | null) => (share === null ? 'n/a' : `${(100 * share).toFixed(1)}%`)
    const spread =
      attempts.attempts.min === attempts.attempts.max
        ? `${attempts.attempts.min}`
        : `${attempts.attempts.min}-${attempts.attempts.max}`
    lines.push(
      '',
      `attempts (${attempts.tasks} tasks, ${spread} judged attempts each)`,
      `  success at attempt 1  ${percent(attempts.success_at_attempt_1)}`,
    )
    for (const [k, share] of Object.entries(attempts.pass_at_k))
      lines.push(`  pass@${k}${' '.repeat(Math.max(1, 19 - k.length))}${percent(share)}`)
  }
  return `${lines.join('\n')}\n`
}
