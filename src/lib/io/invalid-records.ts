import type {InvalidRecordError} from '../errors.js'
import {optionText} from '../option-text.js'
import type {Reporter} from '../report/reporter.js'

export const ON_INVALID = ['fail', 'skip'] as const
export type OnInvalid = (typeof ON_INVALID)[number]

/** Applies the on-invalid policy: throw the first bad record, or report each on stderr and count it. */
export class InvalidRecords {
  skipped = 0
  constructor(
    readonly mode: OnInvalid,
    private readonly reporter: Reporter,
  ) {}

  handle(error: InvalidRecordError): void {
    if (this.mode === 'fail') throw error
    this.skipped++
    this.reporter.warn(optionText`skipped ${error.text}`)
  }
}
