import {DuplicateRecords} from '../io/duplicate-records.js'
import {joinText, opt, optionKeys, optionText, renderText, type OptionText, type Text} from '../option-text.js'

// What `webgym filter` did, for its one summary line: nothing valid leaves without being counted.
export class FilterTally {
  read = 0
  kept = 0
  /** Dropped records per reason (the option that dropped them), in the order reasons first occurred. */
  readonly dropped = new Map<string, {reason: Text; count: number}>()
  /** Steps in the kept trajectories, and those of them the repeated-step marking marked not to train on. */
  stepsKept = 0
  stepsRemoved = 0
  /** Exact duplicate input records (kept, and counted for a warning). */
  readonly duplicates = new DuplicateRecords()
  /** Rows in the parquet file written (one per kept trajectory or per step); null for NDJSON. */
  rowsWritten: number | null = null

  drop(reason: Text, count = 1): void {
    if (count <= 0) return
    const key = renderText(reason, optionKeys)
    const entry = this.dropped.get(key)
    if (entry) entry.count += count
    else this.dropped.set(key, {reason, count})
  }

  get droppedTotal(): number {
    let total = 0
    for (const {count} of this.dropped.values()) total += count
    return total
  }
}

// The summary line, naming the options that dropped records.
export function filterSummaryLine(
  tally: FilterTally,
  options: {invalidSkipped: number; dropRepeatedSteps: boolean},
): OptionText {
  const reasons = joinText(
    [...tally.dropped.values()].map(({reason, count}) => optionText`${reason}: ${count}`),
    ', ',
  )
  const parts: Text[] = [
    optionText`filter: read ${tally.read}, kept ${tally.kept}, dropped ${tally.droppedTotal}${tally.dropped.size > 0 ? optionText` (${reasons})` : ''}`,
  ]
  if (options.dropRepeatedSteps) {
    parts.push(
      optionText`${opt('dropRepeatedSteps')} marked ${tally.stepsRemoved} of ${tally.stepsKept} steps in kept trajectories not to train on`,
    )
  }
  parts.push(`${options.invalidSkipped} invalid skipped`)
  return joinText(parts, '; ')
}
