import {describe, expect, it} from 'vitest'
import type {RoutedLines} from '../src/lib/split/route-lines.js'
import {SideTally} from '../src/lib/split/side-tally.js'
import {assertSplitCheck, checkSplit, SplitCheckError} from '../src/lib/split/split-check.js'

// The checks are the last line of defence against a selection bug, so each must fire on the fault it names.
function routed(train: string[], test: string[], heldOut: (string | null)[] = []): RoutedLines {
  const result: RoutedLines = {
    train: new SideTally(),
    test: new SideTally(),
    heldOutWebsites: new Map(),
    heldOut: heldOut.length,
    noWebsite: 0,
  }
  const noStratum = {domain: null, subdomain: null, level: null}
  for (const website of train) {
    result.train.addWebsite(website, 1)
    result.train.addStratum(noStratum, 1)
  }
  for (const website of test) {
    result.test.addWebsite(website, 1)
    result.test.addStratum(noStratum, 1)
  }
  for (const website of heldOut) result.heldOutWebsites.set(website, (result.heldOutWebsites.get(website) ?? 0) + 1)
  return result
}

describe('split checks', () => {
  it('pass a clean split', () => {
    const check = checkSplit(routed(['a.com', 'a.com', 'b.com'], ['c.com', 'd.com'], ['c.com']), {
      requested: 2,
      possible: 2,
    })
    expect(check.ok).toBe(true)
    expect(() => assertSplitCheck(check)).not.toThrow()
  })

  it('fail, naming the website, when a website is on both sides (case folded)', () => {
    const check = checkSplit(routed(['a.com', 'C.com'], ['c.com', 'd.com']), {requested: 2, possible: 2})
    expect(check.ok).toBe(false)
    expect(check.shared_website_examples).toEqual(['c.com'])
    expect(() => assertSplitCheck(check)).toThrow(SplitCheckError)
    try {
      assertSplitCheck(check)
    } catch (error) {
      expect((error as SplitCheckError).exitCode).toBe(1)
      expect((error as Error).message).toMatch(/1 websites in both train and test \("c\.com"\)/)
    }
  })

  it('fail when a test website has two test tasks', () => {
    const check = checkSplit(routed(['a.com'], ['c.com', 'c.com']), {requested: 2, possible: 2})
    expect(check.test_websites_with_several_tasks).toBe(1)
    expect(() => assertSplitCheck(check)).toThrow(/1 test websites with more than one test task/)
  })

  it('fail when a held-out task is not on a test website', () => {
    const check = checkSplit(routed(['a.com'], ['c.com'], ['b.com', null]), {requested: 1, possible: 1})
    expect(check.held_out_off_test_websites).toBe(2)
    expect(() => assertSplitCheck(check)).toThrow(/2 tasks held out that are not on a test website/)
  })

  it('fail when the test set is smaller than the input allows', () => {
    const check = checkSplit(routed(['a.com'], ['c.com']), {requested: 5, possible: 2})
    expect(check.test_size).toEqual({requested: 5, possible: 2, achieved: 1})
    expect(() => assertSplitCheck(check)).toThrow(/test has 1 tasks, expected 2 \(requested 5\)/)
  })
})
