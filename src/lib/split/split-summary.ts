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
