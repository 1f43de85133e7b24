// What lock step costs a workload, from the times of its episodes: the bound that bench/rollout's (c) sets beside the
// measured async/sync speedup, and its projection to concurrencies this machine cannot drive.

/** One episode's times in ms: each step's (observe + policy + act), and the rest (start page, end-of-episode check). */
export function episodeTimes(trajectory) {
  const steps = trajectory.steps.map((step) => step.observe_ms + step.policy_ms + step.act_ms)
  const total = Date.parse(trajectory.run.ended_at) - Date.parse(trajectory.run.started_at)
  return {steps, outside: Math.max(0, total - steps.reduce((a, b) => a + b, 0))}
}

/** What a batch of episodes takes in lock step, in ms: its longest start and end, and each round's slowest step. */
export function lockStepMs(batch) {
  let ms = Math.max(...batch.map((episode) => episode.outside))
  const rounds = Math.max(...batch.map((episode) => episode.steps.length))
  for (let step = 0; step < rounds; step++) ms += Math.max(...batch.map((episode) => episode.steps[step] ?? 0))
  return ms
}

/** Lock step over a list of episodes: batches of C in list order, one after the other (the sync scheduler), in ms. */
export function lockStepTotalMs(episodes, C) {
  let total = 0
  for (let first = 0; first < episodes.length; first += C) total += lockStepMs(episodes.slice(first, first + C))
  return total
}

/**
 * The async scheduler with unlimited cores, in ms: C sessions, each taking the next episode of the list as soon as it
 * is free, every episode as long as it was measured (no step or episode barrier).
 */
export function asyncMakespanMs(episodes, C) {
  const free = new Array(Math.min(C, episodes.length)).fill(0)
  for (const episode of episodes) {
    let soonest = 0
    for (let i = 1; i < free.length; i++) if (free[i] < free[soonest]) soonest = i
    free[soonest] += episode.outside + episode.steps.reduce((a, b) => a + b, 0)
  }
  return Math.max(0, ...free)
}

/**
 * The lock-step bound at concurrency C projected from measured episodes: `draws` times, perSession x C episodes drawn
 * with replacement (the bench runs 3 per session), lock step over them divided by the async schedule over them; the
 * mean and the 5th-95th percentile range of the draws. Assumes what the measurement cannot show at that C: cores for
 * every session and step times that stay as measured (the policy server's slowdown with a larger batch is left out).
 * With few episodes per session the async run's last episodes (its drain) weigh on its time; a longer run dilutes it.
 */
export function projectedBound(episodes, C, {draws = 200, perSession = 3, random}) {
  if (episodes.length === 0) throw new Error('projectedBound needs measured episodes')
  const bounds = []
  for (let draw = 0; draw < draws; draw++) {
    const sample = Array.from({length: perSession * C}, () => episodes[random.below(episodes.length)])
    bounds.push(lockStepTotalMs(sample, C) / asyncMakespanMs(sample, C))
  }
  bounds.sort((a, b) => a - b)
  const at = (q) => bounds[Math.min(bounds.length - 1, Math.floor(q * bounds.length))]
  return {mean: bounds.reduce((a, b) => a + b, 0) / bounds.length, p5: at(0.05), p95: at(0.95)}
}
