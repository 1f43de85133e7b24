import type {RoutedLines} from './route-lines.js'

// The split's invariants, measured on what was written, so a bug in the selection cannot pass unnoticed.
export interface SplitCheck {
  ok: boolean
  /** Websites with tasks in both train and test (should be none); the first few are named. */
  shared_websites: number
  shared_website_examples: string[]
  /** Test websites with more than one test task (should be none). */
  test_websites_with_several_tasks: number
  /** Tasks held out although their website is not a test website (should be none). */
  held_out_off_test_websites: number
  test_size: {requested: number; possible: number; achieved: number}
}

const EXAMPLES = 5

export function checkSplit(routed: RoutedLines, testSize: {requested: number; possible: number}): SplitCheck {
  const shared = [...routed.test.websites.keys()].filter((website) => routed.train.websites.has(website))
  const several = [...routed.test.websites.values()].filter((count) => count > 1).length
  let heldOutOff = 0
  for (const [website, count] of routed.heldOutWebsites) {
    if (website === null || !routed.test.websites.has(website)) heldOutOff += count
  }
  const achieved = routed.test.tasks
  return {
    ok: shared.length === 0 && several === 0 && heldOutOff === 0 && achieved === testSize.possible,
    shared_websites: shared.length,
    shared_website_examples: shared.slice(0, EXAMPLES),
    test_websites_with_several_tasks: several,
    held_out_off_test_websites: heldOutOff,
    test_size: {...testSize, achieved},
  }
}

// A failed check is webgym's bug (or an input rewritten mid-split), never the user's data: exit 1 with a clear line.
export class SplitCheckError extends Error {
  readonly exitCode = 1
  readonly hint = 'this is a bug in webgym, or the input changed while it was split; please report it with the input'
  constructor(readonly check: SplitCheck) {
    super(`split check failed: ${failures(check).join('; ')}`)
    this.name = 'SplitCheckError'
  }
}

export function assertSplitCheck(check: SplitCheck): void {
  if (!check.ok) throw new SplitCheckError(check)
}

/** One phrase per failed invariant, quoting the offending values. */
export function failures(check: SplitCheck): string[] {
  const found: string[] = []
  if (check.shared_websites > 0) {
    found.push(
      `${check.shared_websites} websites in both train and test (${check.shared_website_examples.map((w) => JSON.stringify(w)).join(', ')})`,
    )
  }
  if (check.test_websites_with_several_tasks > 0)
    found.push(`${check.test_websites_with_several_tasks} test websites with more than one test task`)
  if (check.held_out_off_test_websites > 0)
    found.push(`${check.held_out_off_test_websites} tasks held out that are not on a test website`)
  const {requested, possible, achieved} = check.test_size
  if (achieved !== possible) found.push(`test has ${achieved} tasks, expected ${possible} (requested ${requested})`)
  return found
}
