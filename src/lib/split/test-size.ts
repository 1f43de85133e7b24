import {UsageError} from '../errors.js'
import {opt, optionText} from '../option-text.js'

/** How many test websites were asked for: a count, or a fraction of the input's websites. */
export type TestSize = {count: number} | {fraction: number}

/** `1167` or `0.1`; a message naming what it must be otherwise. */
export function parseTestSize(text: string): TestSize {
  const value = Number(text)
  if (text.trim() !== '' && Number.isInteger(value) && value >= 1) return {count: value}
  if (text.trim() !== '' && Number.isFinite(value) && value > 0 && value < 1) return {fraction: value}
  throw new UsageError(
    optionText`${opt('testSize')} must be a whole number of at least 1 or a fraction between 0 and 1 (such as 0.1), got ${JSON.stringify(text)}`,
    'the paper uses 1167 (out of about 127,000 websites)',
  )
}

export function testSizeText(size: TestSize): string {
  return 'count' in size ? String(size.count) : String(size.fraction)
}

/**
 * The number of test websites for an input with `websites` websites. Train keeps a fair share: at least half the
 * websites, so neither side is ever empty; asking for more stops the split, saying what would fit.
 */
export function resolveTestSize(size: TestSize, websites: number, input: string): number {
  const most = Math.floor(websites / 2)
  const wanted = 'count' in size ? size.count : Math.max(1, Math.round(size.fraction * websites))
  if (most >= 1 && wanted <= most) return wanted
  if (most < 1) {
    throw new UsageError(
      `${input} has ${websites === 0 ? 'no tasks with a website' : 'tasks on 1 website'}: a split by website needs at least 2`,
      'tasks without a website go to neither side; add the website of each task (tasks classify --infer-website)',
    )
  }
  const tenth = Math.max(1, Math.round(websites / 10))
  throw new UsageError(
    optionText`${input} has ${websites} websites; ${opt('testSize')} ${testSizeText(size)} asks for ${wanted} test websites, which would leave train ${websites - wanted > 0 ? `only ${websites - wanted}` : 'none'} (train keeps at least half the websites)`,
    optionText`pass ${opt('testSize')} ${most} or fewer, or a fraction such as 0.1 (${tenth} test website${tenth === 1 ? '' : 's'} here)`,
  )
}
