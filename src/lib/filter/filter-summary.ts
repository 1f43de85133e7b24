// What `webgym filter` did, for its one summary line: nothing valid leaves without being counted.
export class FilterTally {
  read = 0
  kept = 0
  /** Dropped records per reason (the flag that dropped them), in the order reasons first occurred. */
  readonly dropped = new Map<string, number>()
  /** Steps in the kept trajectories, and those of them --drop-repeated-steps marked not to train on. */
  stepsKept = 0
  stepsRemoved = 0

  drop(reason: string, count = 1): void {
    if (count > 0) this.dropped.set(reason, (this.dropped.get(reason) ?? 0) + count)
  }

  get droppedTotal(): number {
    let total = 0
    for (const count of this.dropped.values()) total += count
    return total
  }
}

export function filterSummaryLine(tally: FilterTally, options: {invalidSkipped: number; dropRepeatedSteps: boolean}): string {
  const reasons = [...tally.dropped].map(([reason, count]) => `${reason}: ${count}`).join(', ')
  const parts = [`filter: read ${tally.read}, kept ${tally.kept}, dropped ${tally.droppedTotal}${reasons ? ` (${reasons})` : ''}`]
  if (options.dropRepeatedSteps) {
    parts.push(`--drop-repeated-steps marked ${tally.stepsRemoved} of ${tally.stepsKept} steps in kept trajectories not to train on`)
  }
  parts.push(`${options.invalidSkipped} invalid skipped`)
  return parts.join('; ')
}
