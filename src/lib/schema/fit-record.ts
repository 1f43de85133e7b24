import {opt, optionText, type OptionText} from '../option-text.js'
import {cutAgain} from './cut-text.js'
import {boundRecord, type BoundedRecord, type Bounds} from './bound-record.js'
import {MIN_FIT_CHARS, TEXT_CAPS} from './text-caps.js'

/** A record fitted to a line limit: the record, its NDJSON line (no line break), and whether it is within the limit. */
export interface Fitted<T> {
  record: T
  line: string
  bytes: number
  fits: boolean
  /** Its texts were cut to fit. */
  cut: boolean
}

/**
 * A trajectory (judged or not) within `maxBytes` UTF-8 bytes as one line, the line limit every webgym reader
 * applies: when it is longer, every bounded text (bound-record.ts) is cut to its cap, then to half its cap, a
 * quarter, and so on down to MIN_FIT_CHARS, until the line fits. A record that still does not (a task that is itself
 * near the limit) comes back with `fits` false, cut as far as it goes, for the caller to report.
 */
export function fitRecord<T extends BoundedRecord>(record: T, maxBytes: number): Fitted<T> {
  let line = JSON.stringify(record)
  let bytes = Buffer.byteLength(line)
  if (bytes <= maxBytes) return {record, line, bytes, fits: true, cut: false}
  for (let scale = 1; ; scale /= 2) {
    const cut = boundRecord(record, scaledBounds(scale))
    line = JSON.stringify(cut)
    bytes = Buffer.byteLength(line)
    const floor = Object.values(TEXT_CAPS).every((cap) => cap * scale <= MIN_FIT_CHARS)
    if (bytes <= maxBytes || floor) return {record: cut, line, bytes, fits: bytes <= maxBytes, cut: true}
  }
}

function scaledBounds(scale: number): Bounds {
  return {cap: (name) => Math.max(MIN_FIT_CHARS, Math.floor(TEXT_CAPS[name] * scale)), cut: cutAgain}
}

/** What the writer of a record that could not be fitted says: how long it is and how to read it. */
export function overLimitText(what: string, bytes: number, maxBytes: number): OptionText {
  return optionText`${what} is ${bytes} bytes, more than the line limit of ${maxBytes} bytes even with its page and model texts cut: read it with ${opt('maxLineBytes')} ${bytes}`
}
