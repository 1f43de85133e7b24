import {opt, optionText, type OptionText} from '../option-text.js'
import type {SplitReport} from './split-report.js'

// The one status line a cron log keeps: where every task went.
export function splitSummaryLine(report: SplitReport): string {
  return [
    `split: train ${report.train.tasks} tasks on ${report.train.websites} websites`,
    `test ${report.test.tasks} tasks on ${report.test.websites} websites`,
    `${report.held_out} held out with test websites`,
    `${report.no_website} with no website`,
    `${report.invalid_skipped} invalid skipped`,
  ].join('; ')
}

// Says why the test set is smaller than asked, when the input has too few websites; null when it is not.
export function testShortfallWarning(report: SplitReport): OptionText | null {
  const {requested, possible} = report.check.test_size
  if (possible >= requested) return null
  return optionText`only ${possible} distinct websites, fewer than ${opt('testSize')} ${requested}: test has one task per website, and every other task of those websites is held out`
}
