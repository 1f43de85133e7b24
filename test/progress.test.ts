import {afterEach, describe, expect, it} from 'vitest'
import {Progress} from '../src/lib/report/progress.js'
import {memoryReporter} from '../src/lib/report/reporter.js'

describe('Progress (not a terminal)', () => {
  let progress: Progress | undefined
  afterEach(() => progress?.stop())

  it('writes a status line every interval with the counts so far', async () => {
    const reporter = memoryReporter()
    progress = new Progress({label: 'rubric gen', reporter, intervalSeconds: 0.05, tty: false})
    progress.update({done: 42, failed: 3})
    // Waits for the lines rather than a fixed time: on a loaded machine 180 ms could hold a single interval.
    await expect.poll(() => reporter.messages.length, {interval: 10}).toBeGreaterThanOrEqual(2)
    progress.stop()
    const seen = reporter.messages.length
    expect(seen).toBeGreaterThanOrEqual(2)
    expect(reporter.messages[0]).toMatch(/^rubric gen: 42 done, 3 failed, \d+\/s, \d+s$/)
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect(reporter.messages.length).toBe(seen)
  })

  it('says nothing under --quiet', async () => {
    const reporter = {...memoryReporter(), quiet: true}
    progress = new Progress({label: 'tasks build', reporter, intervalSeconds: 0.02, tty: false})
    progress.update({done: 1, failed: 0})
    await new Promise((resolve) => setTimeout(resolve, 80))
    expect(reporter.messages).toEqual([])
  })
})
