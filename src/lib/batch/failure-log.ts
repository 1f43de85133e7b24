import {RecordWriter} from '../io/record-writer.js'
import {opt, optionText} from '../option-text.js'
import type {Reporter} from '../report/reporter.js'

/** A record that failed for good, as the failed file holds it: rerun those records by resuming. */
export interface FailedRecord {
  id: string
  error: string
  record: unknown
}

const SHOWN_REASONS = 5

/** Collects failed records: into a failed file when given, and always as a count and the first reasons. */
export class FailureLog {
  count = 0
  private readonly reasons: string[] = []

  private constructor(private readonly writer: RecordWriter | undefined) {}

  static async open(path?: string): Promise<FailureLog> {
    return new FailureLog(path ? await RecordWriter.open(path) : undefined)
  }

  async add(failure: FailedRecord): Promise<void> {
    this.count++
    if (this.reasons.length < SHOWN_REASONS) this.reasons.push(`${failure.id}: ${failure.error}`)
    await this.writer?.write(failure)
  }

  async close(): Promise<void> {
    await this.writer?.close()
  }

  /** Reports the failures on stderr: a count, the first reasons, and where the rest are. */
  report(label: string, total: number, reporter: Reporter): void {
    if (this.count === 0) return
    const where = this.writer ? `; all of them are in ${this.writer.target}` : ''
    reporter.warn(`${label}: ${this.count} of ${total} records failed${where}`)
    for (const reason of this.reasons) reporter.warn(`  ${reason}`)
    if (this.count > this.reasons.length && !this.writer)
      reporter.warn(
        optionText`  … and ${this.count - this.reasons.length} more (write them all with ${opt('failed')} FILE)`,
      )
  }
}
