import type {InvalidRecords} from '../io/invalid-records.js'
import {displayName, STDIN} from '../io/open-input.js'
import {RecordWriter} from '../io/record-writer.js'
import {spoolStdin, type Spool} from '../io/spool-stdin.js'
import {Progress} from '../report/progress.js'
import type {Reporter} from '../report/reporter.js'
import {chooseTestTasks} from './choose-test-tasks.js'
import {routeLines} from './route-lines.js'
import {scanTasks} from './scan-tasks.js'
import {checkSplit} from './split-check.js'
import {buildSplitReport, type SplitReport} from './split-report.js'
import {resolveTestSize, type TestSize} from './test-size.js'

export interface SplitTasksOptions {
  /** An NDJSON file of tasks (gzip or not), or `-` for stdin. */
  input: string
  train: string
  test: string
  /** Test websites: a count or a fraction of the input's; more than half the websites is refused. */
  testSize: TestSize
  seed: number
  invalid: InvalidRecords
  maxLineBytes?: number
  /** For progress on stderr while the input is indexed (the slow pass). */
  reporter?: Reporter
}

/**
 * The out-of-distribution split by website, in two passes over the input so memory stays bounded: pass 1 indexes
 * the tasks, the test set is chosen, pass 2 writes each line to its side. Returns the report; the caller decides
 * what a failed check means (the command exits 1).
 */
export async function splitTasks(options: SplitTasksOptions): Promise<SplitReport> {
  const name = displayName(options.input)
  const spool: Spool | undefined = options.input === STDIN ? await spoolStdin() : undefined
  const path = spool?.path ?? options.input
  try {
    const progress = options.reporter ? new Progress({label: 'split', reporter: options.reporter}) : undefined
    let index
    try {
      index = await scanTasks({
        path,
        name,
        invalid: options.invalid,
        maxLineBytes: options.maxLineBytes,
        onProgress: (tasks) => progress?.update({done: tasks, failed: options.invalid.skipped}),
      })
    } finally {
      progress?.stop()
    }
    // Before either file is opened: a split that would leave a side empty is refused, not written.
    const testSize = resolveTestSize(options.testSize, index.websiteCount, name)
    const choice = chooseTestTasks(index, {testSize, seed: options.seed})
    const train = await RecordWriter.open(options.train)
    const test = await RecordWriter.open(options.test)
    let routed
    try {
      routed = await routeLines({
        path,
        name,
        index,
        sides: choice.sides,
        train,
        test,
        maxLineBytes: options.maxLineBytes,
      })
    } finally {
      await Promise.all([train.close(), test.close()])
    }
    const check = checkSplit(routed, {requested: testSize, possible: choice.possible})
    return buildSplitReport({input: name, seed: options.seed, routed, invalidSkipped: options.invalid.skipped, check})
  } finally {
    await spool?.remove()
  }
}
