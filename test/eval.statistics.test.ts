// webgym eval's statistics against values worked out by hand: Wilson intervals, unbiased pass@k, McNemar's exact
// p-value and the seeded paired bootstrap (end to end on real runs: eval.test.ts).
import {describe, expect, it} from 'vitest'
import {mcnemarP, pairedBootstrap, passAtK, wilsonInterval} from '../src/lib/eval/statistics.js'

const close = (actual: number[], expected: number[], digits = 4) =>
  actual.forEach((value, i) => expect(value).toBeCloseTo(expected[i]!, digits))

describe('eval statistics', () => {
  it('Wilson intervals', () => {
    close(wilsonInterval(5, 10), [0.2366, 0.7634])
    close(wilsonInterval(0, 10), [0, 0.2775])
    close(wilsonInterval(10, 10), [0.7225, 1])
    close(wilsonInterval(42, 100), [0.328, 0.5179], 3)
    expect(wilsonInterval(0, 0)).toEqual([0, 1])
  })

  it('unbiased pass@k', () => {
    expect(passAtK(10, 3, 1)).toBeCloseTo(0.3, 10)
    expect(passAtK(4, 1, 2)).toBeCloseTo(0.5, 10) // 1 - C(3,2)/C(4,2)
    expect(passAtK(5, 0, 2)).toBe(0)
    expect(passAtK(5, 5, 2)).toBe(1)
    expect(() => passAtK(2, 1, 3)).toThrow(/at least 3 attempts/)
  })

  it("McNemar's exact p-value", () => {
    expect(mcnemarP(0, 0)).toBe(1)
    expect(mcnemarP(0, 5)).toBeCloseTo(0.0625, 12) // 2 x (1/2)^5
    expect(mcnemarP(1, 9)).toBeCloseTo(0.021484375, 12) // 2 x (1 + 10) / 1024
    expect(mcnemarP(3, 3)).toBe(1)
    expect(mcnemarP(400, 600)).toBeLessThan(1e-9)
    expect(mcnemarP(600, 400)).toBe(mcnemarP(400, 600))
  })

  it('paired bootstrap intervals: seeded, around the paired difference', () => {
    expect(pairedBootstrap(Array(50).fill([1, 1]), 1000, 0)).toEqual([0, 0])
    expect(pairedBootstrap(Array(50).fill([0, 1]), 1000, 0)).toEqual([1, 1])
    const pairs = Array.from({length: 200}, (_, i) => [i % 2, i % 5 === 0 ? 0 : 1] as const)
    const mean = pairs.reduce((sum, [a, b]) => sum + b - a, 0) / pairs.length
    const ci = pairedBootstrap(pairs, 5000, 7)
    expect(ci[0]).toBeLessThan(mean)
    expect(ci[1]).toBeGreaterThan(mean)
    expect(pairedBootstrap(pairs, 5000, 7)).toEqual(ci)
    expect(pairedBootstrap(pairs, 5000, 8)).not.toEqual(ci)
  })
})
