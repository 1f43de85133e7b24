// Steps whose action changed nothing teach the trainer nothing: the rollout flagged them `repeated`, or the next
// step shows the same screenshot (the store is content-addressed, so the same path is the same image). Dropping the
// step before an unchanged screen, not the one after it, keeps the action that finally worked (screens A, A, B after
// a missed click and a good one: the missed click goes), as microsoft/webgym's trainer does.

export interface StepLike {
  repeated: boolean
  screenshot: string | null
}

/** Positions (0-based, in `steps`) of the steps to remove; each step is compared with the one right after it. */
export function repeatedStepPositions(steps: readonly StepLike[]): Set<number> {
  const positions = new Set<number>()
  steps.forEach((step, i) => {
    const next = i + 1 < steps.length ? steps[i + 1].screenshot : null
    if (step.repeated || (step.screenshot !== null && step.screenshot === next)) positions.add(i)
  })
  return positions
}

/**
 * The record with those steps marked `"train": false` and everything else as it was (same key order, every field
 * kept, the reward and judgment untouched). The steps stay in the record: `webgym train` leaves them out as targets
 * but still rebuilds every later prompt from the whole history, exactly as the policy saw it.
 */
export function markedNotToTrain(
  record: Record<string, unknown>,
  positions: ReadonlySet<number>,
): Record<string, unknown> {
  const steps = record.steps
  if (!Array.isArray(steps) || positions.size === 0) return record
  return {
    ...record,
    steps: steps.map((step, i) => (positions.has(i) ? {...(step as Record<string, unknown>), train: false} : step)),
  }
}
