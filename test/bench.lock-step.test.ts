import {describe, expect, it} from 'vitest'
// @ts-expect-error: bench/ is plain JavaScript without types
import {asyncMakespanMs, episodeTimes, lockStepMs, lockStepTotalMs, projectedBound} from '../bench/lock-step.js'
import {SeededRandom} from '../src/lib/random/seeded-random.js'

// The lock-step bound that bench/rollout sets beside its measured async/sync speedup, and its projection to larger C.
const episode = (steps: number[], outside = 0) => ({steps, outside})

describe('lock step over measured episodes', () => {
  it('reads an episode as its step times and the time outside its steps', () => {
    const trajectory = {
      run: {started_at: '2026-01-01T00:00:00.000Z', ended_at: '2026-01-01T00:00:10.000Z'},
      steps: [
        {observe_ms: 1000, policy_ms: 2000, act_ms: 500},
        {observe_ms: 800, policy_ms: 1200, act_ms: 0},
      ],
    }
    expect(episodeTimes(trajectory)).toEqual({steps: [3500, 2000], outside: 4500})
  })

  it('makes every round as long as its slowest step and the batch as long as its longest episode', () => {
    expect(lockStepMs([episode([1, 3], 2), episode([3, 1, 5], 1)])).toBe(2 + 3 + 3 + 5)
    expect(lockStepTotalMs([episode([1, 3]), episode([3, 1]), episode([4])], 2)).toBe(6 + 4)
  })

  it('schedules async episodes on the first free session, with no barrier', () => {
    expect(asyncMakespanMs([episode([5]), episode([1]), episode([1]), episode([1])], 2)).toBe(5)
    expect(asyncMakespanMs([episode([1, 3]), episode([3, 1])], 2)).toBe(4)
    expect(asyncMakespanMs([episode([2]), episode([2]), episode([2])], 8)).toBe(2)
  })

  it('projects a bound of 1 for identical episodes and a bound above 1 that grows with C for spread ones', () => {
    const same = projectedBound([episode([2, 2, 2], 1)], 16, {random: new SeededRandom(1), draws: 20})
    expect(same.mean).toBeCloseTo(1, 10)
    const random = new SeededRandom(7)
    const spread = Array.from({length: 40}, () =>
      episode(
        Array.from(
          {length: 4 + random.below(26)},
          () => 1000 + 2000 * random.nextFloat() + (random.nextFloat() < 0.03 ? 7000 : 0),
        ),
        500,
      ),
    )
    const at8 = projectedBound(spread, 8, {random: new SeededRandom(3), draws: 50})
    const at64 = projectedBound(spread, 64, {random: new SeededRandom(3), draws: 50})
    expect(at8.mean).toBeGreaterThan(1.2)
    expect(at64.mean).toBeGreaterThan(at8.mean)
    // A longer run (more episodes per session) dilutes the async run's drain, so lock step loses by more.
    expect(projectedBound(spread, 64, {random: new SeededRandom(3), draws: 50, perSession: 30}).mean).toBeGreaterThan(
      at64.mean,
    )
    expect(at8.p5).toBeLessThanOrEqual(at8.mean)
    expect(at8.p95).toBeGreaterThanOrEqual(at8.mean)
  })

  it('is the same projection for the same seed', () => {
    const episodes = [episode([1, 9]), episode([2]), episode([3, 3, 3])]
    expect(projectedBound(episodes, 4, {random: new SeededRandom(5), draws: 10})).toEqual(
      projectedBound(episodes, 4, {random: new SeededRandom(5), draws: 10}),
    )
    expect(() => projectedBound([], 4, {random: new SeededRandom(5)})).toThrow(/needs measured episodes/)
  })
})
