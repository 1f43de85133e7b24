import {describe, expect, it} from 'vitest'
import {observeSettled, waitForSettle, type SettleTarget} from '../src/lib/rollout/settle.js'

// The settle loop's timing on a scripted page: its probe answers and its network counts change over time. The browser
// side of settling is tested against real Chromium in rollout.settle.test.ts.
function scripted(options: {
  probe?: (
    at: number,
  ) => {quietMs: number; busy: string | null; doc?: string; changes?: number; title?: string} | 'hang'
  inflight?: (at: number) => number
  navigation?: Promise<void> | null
  /** Called each time the page's probe is asked. */
  onAsk?: () => void
}): SettleTarget {
  const start = performance.now()
  let navigation = options.navigation ?? null
  void navigation?.then(() => (navigation = null))
  return {
    page: {
      evaluate: async () => {
        options.onAsk?.()
        const reply = options.probe?.(performance.now() - start) ?? {quietMs: 1e9, busy: null}
        return reply === 'hang' ? new Promise(() => {}) : reply
      },
    } as unknown as SettleTarget['page'],
    navigation: () => navigation,
    network: () => ({inflight: options.inflight?.(performance.now() - start) ?? 0, lastChangeAt: start}),
  }
}

const settle = (target: SettleTarget, timeoutMs = 1000) =>
  waitForSettle(target, {quietMs: 100, timeoutMs, navigationTimeoutMs: 5000})

describe('waitForSettle', () => {
  it('waits one quiet window after the action even on a page that has long been quiet', async () => {
    const result = await settle(scripted({}))
    expect(result).toMatchObject({settled: true, busy: null})
    expect(result.ms).toBeGreaterThanOrEqual(95)
    expect(result.ms).toBeLessThan(1000)
  })

  it('waits while a request is in flight, then for a quiet window after it', async () => {
    const result = await settle(scripted({inflight: (at) => (at < 300 ? 1 : 0)}))
    expect(result.settled).toBe(true)
    expect(result.ms).toBeGreaterThanOrEqual(300)
  })

  it('asks the page only once it could be settled: once on a page that stays quiet, not while a request is in flight', async () => {
    let asked = 0
    const onAsk = () => asked++
    expect(await settle(scripted({onAsk}))).toMatchObject({settled: true, busy: null})
    expect(asked).toBe(1)
    asked = 0
    expect(await settle(scripted({inflight: (at) => (at < 300 ? 1 : 0), onAsk}))).toMatchObject({settled: true})
    expect(asked).toBe(1)
  })

  it('ends at the bound with what was still going on: a request that never ends, a page that keeps changing, a probe that never answers', async () => {
    expect(await settle(scripted({inflight: () => 1}), 400)).toMatchObject({settled: false, busy: 'network'})
    expect(await settle(scripted({probe: () => ({quietMs: 10, busy: null})}), 400)).toMatchObject({
      settled: false,
      busy: 'changing',
    })
    expect(await settle(scripted({probe: () => ({quietMs: 1e9, busy: 'animation'})}), 400)).toMatchObject({
      settled: false,
      busy: 'animation',
    })
    const hung = await settle(scripted({probe: () => 'hang'}), 400)
    expect(hung).toMatchObject({settled: false, busy: 'unresponsive'})
    expect(hung.ms).toBeLessThan(4000)
  })

  it('does not count a navigation in flight against the bound', async () => {
    const navigation = new Promise<void>((resolve) => setTimeout(resolve, 600))
    const result = await settle(scripted({navigation}), 300)
    expect(result).toMatchObject({settled: true, busy: null})
    expect(result.ms).toBeGreaterThanOrEqual(600)
  })

  it('does nothing when settling is off', async () => {
    expect(
      await waitForSettle(scripted({inflight: () => 1}), {quietMs: 100, timeoutMs: 0, navigationTimeoutMs: 5000}),
    ).toEqual({settled: true, ms: 0, busy: null})
  })
})

describe('observeSettled', () => {
  const options = {quietMs: 50, timeoutMs: 2000, navigationTimeoutMs: 5000}

  it('keeps an observation during which the page did not change, taken once', async () => {
    let captures = 0
    const target = scripted({probe: () => ({quietMs: 1e9, busy: null, doc: 'a', changes: 3})})
    const {observation, settle} = await observeSettled(target, options, performance.now(), async () => ++captures)
    expect(observation).toBe(1)
    expect(settle).toMatchObject({settled: true, busy: null})
    expect(settle.retaken).toBeUndefined()
  })

  it('takes the observation again when the page changed while it was taken (a new document, a change the probe saw)', async () => {
    for (const changed of [
      {doc: 'b', changes: 0},
      {doc: 'a', changes: 4},
    ]) {
      let captures = 0
      const target = scripted({
        probe: () =>
          captures === 1
            ? {quietMs: 1e9, busy: null, ...changed}
            : captures === 0
              ? {quietMs: 1e9, busy: null, doc: 'a', changes: 3}
              : {quietMs: 1e9, busy: null, ...changed},
      })
      const {observation, settle} = await observeSettled(target, options, performance.now(), async () => ++captures)
      expect(observation).toBe(2)
      expect(settle).toMatchObject({settled: true, retaken: 1})
    }
  })

  it('takes it again when a request began while it was taken', async () => {
    let captures = 0
    let lastChangeAt = performance.now()
    const target: SettleTarget = {...scripted({}), network: () => ({inflight: 0, lastChangeAt})}
    const {observation, settle} = await observeSettled(target, options, performance.now(), async () => {
      if (++captures === 1) lastChangeAt = performance.now()
      return captures
    })
    expect(observation).toBe(2)
    expect(settle.retaken).toBe(1)
  })

  it('stops retaking within the bound and after a few tries, keeping the last observation', async () => {
    let captures = 0
    let changes = 0
    const target = scripted({probe: () => ({quietMs: 1e9, busy: null, doc: 'a', changes})})
    const {observation, settle} = await observeSettled(
      target,
      {...options, timeoutMs: 1000},
      performance.now(),
      async () => {
        changes++
        return ++captures
      },
    )
    expect(observation).toBe(captures)
    expect(captures).toBeGreaterThan(1)
    expect(captures).toBeLessThanOrEqual(4)
    expect(settle.retaken).toBe(captures - 1)
  })

  it('tells the capture whether the check follows it, and gives back the title the check read', async () => {
    const told: boolean[] = []
    let title = 'Before'
    const target = scripted({probe: () => ({quietMs: 1e9, busy: null, doc: 'a', changes: 3, title})})
    const checked = await observeSettled(target, options, performance.now(), async (check) => {
      told.push(check)
      title = 'Shown'
    })
    expect(told).toEqual([true])
    expect(checked.title).toBe('Shown')
    // A page whose wait the bound ended is observed once, with no check after it: no title from it.
    told.length = 0
    const changing = scripted({probe: () => ({quietMs: 1, busy: null, doc: 'a', changes: 0, title: 'Changing'})})
    const unsettled = await observeSettled(changing, {...options, timeoutMs: 200}, performance.now(), async (check) => {
      told.push(check)
    })
    expect(told).toEqual([false])
    expect(unsettled.title).toBeNull()
  })

  it('never retakes an observation whose wait the bound ended', async () => {
    let captures = 0
    const target = scripted({probe: () => ({quietMs: 1, busy: null, doc: 'a', changes: captures})})
    const {observation, settle} = await observeSettled(
      target,
      {...options, timeoutMs: 200},
      performance.now(),
      async () => ++captures,
    )
    expect(observation).toBe(1)
    expect(settle).toMatchObject({settled: false, busy: 'changing'})
  })
})
