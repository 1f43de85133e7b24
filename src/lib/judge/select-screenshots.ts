import type {Step} from '../schema/trajectory.js'

/** A distinct screenshot of a trajectory: the last step that showed it (the store is content-addressed). */
export interface Shot {
  step: number
  path: string
}

/** The distinct screenshots, oldest first, each at the last step it was seen; the final screen is the last one. */
export function distinctShots(steps: readonly Step[]): Shot[] {
  const last = new Map<string, number>()
  steps.forEach((step, position) => {
    if (step.screenshot) last.set(step.screenshot, position)
  })
  return [...last].map(([path, position]) => ({step: position, path})).sort((a, b) => a.step - b.step)
}

/** The screenshot of the last step that has one: the final screen, always shown to the judge. */
export function finalShot(steps: readonly Step[]): Shot | null {
  for (let position = steps.length - 1; position >= 0; position--) {
    const path = steps[position].screenshot
    if (path) return {step: position, path}
  }
  return null
}

export interface ScoredShot extends Shot {
  score: number
}

/**
 * The key screenshots: the final screen, plus the scored ones at or above the threshold, best first (ties: the more
 * recent), so that at most `maxImages` are kept; returned oldest first.
 */
export function keepKeyShots(
  final: Shot | null,
  scored: readonly ScoredShot[],
  threshold: number,
  maxImages: number,
): Shot[] {
  const others = scored
    .filter((shot) => shot.path !== final?.path && shot.score >= threshold)
    .sort((a, b) => b.score - a.score || b.step - a.step)
    .slice(0, Math.max(0, maxImages - (final ? 1 : 0)))
  const kept: Shot[] = others.map(({step, path}) => ({step, path}))
  if (final) kept.push(final)
  return kept.sort((a, b) => a.step - b.step)
}

/** When selection fails: the most recent distinct screenshots up to the cap (the final screen among them). */
export function mostRecentShots(shots: readonly Shot[], maxImages: number): Shot[] {
  return shots.slice(Math.max(0, shots.length - maxImages))
}
