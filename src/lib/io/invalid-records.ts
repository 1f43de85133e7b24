import {InvalidRecordError} from '../cli/errors.js'
import type {Reporter} from '../cli/reporter.js'

export const ON_INVALID = ['fail', 'skip'] as const
export type OnInvalid = (typeof ON_INVALID)[number]

/** Applies `--on-invalid`: throw the first bad record, or report each on stderr and count it. */
export class InvalidRecords {
  skipped = 0
  constructor(
    readonly mode: OnInvalid,
    private readonly reporter: Reporter,
  ) {}

  handle(error: InvalidRecordError): void {
    if (this.mode === 'fail') throw error
    this.skipped++
    this.reporter.warn(`skipped ${error.message}`)
  }
}
