import {createHash} from 'node:crypto'
import type {RecordLocation} from '../errors.js'
import type {LocatedRecord} from './read-records.js'

/**
 * Counts records whose line is byte for byte one already read (a file given twice, a `cat` of overlapping outputs)
 * for one warning at the end; they pass through as given (a command never drops a valid record on its own). Lines are
 * remembered by a 20-byte digest, so a million records cost tens of megabytes, not their text.
 */
export class DuplicateRecords {
  count = 0
  private first: {at: RecordLocation; of: RecordLocation} | null = null
  private readonly seen = new Map<string, RecordLocation>()

  async *counted<T>(records: AsyncIterable<LocatedRecord<T>>): AsyncGenerator<LocatedRecord<T>> {
    for await (const located of records) {
      const digest = createHash('sha1').update(located.text).digest('base64')
      const earlier = this.seen.get(digest)
      if (earlier) {
        this.count++
        this.first ??= {at: located.location, of: earlier}
      } else this.seen.set(digest, located.location)
      yield located
    }
  }

  /** The warning, or null when there were none: `3 exact duplicate records, kept as given (first: b.ndjson:4 repeats a.ndjson:1)`. */
  warning(): string | null {
    if (this.count === 0 || !this.first) return null
    const where = (location: RecordLocation) => `${location.file}:${location.line}`
    return `${this.count} exact duplicate ${this.count === 1 ? 'record' : 'records'}, kept as given (first: ${where(this.first.at)} repeats ${where(this.first.of)})`
  }
}
