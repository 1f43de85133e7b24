import {Flags} from '@oclif/core'
import {DEFAULT_MAX_LINE_BYTES} from '../lib/io/read-lines.js'
import {ON_INVALID} from '../lib/io/invalid-records.js'

// Flags every record-streaming command shares; spread them into a command's `flags`.
export const outputFlag = {
  output: Flags.string({
    char: 'o',
    helpValue: 'FILE',
    description: 'Write records to FILE instead of stdout (gzipped when FILE ends in .gz).',
  }),
}

export const inputFlags = {
  'on-invalid': Flags.option({
    options: ON_INVALID,
    default: 'fail' as const,
    description:
      'What to do with a bad input record: fail (stop, naming file:line and field) or skip (report and count it).',
  })(),
  'max-line-bytes': Flags.integer({
    min: 1024,
    default: DEFAULT_MAX_LINE_BYTES,
    helpValue: 'N',
    description: 'Longest input line accepted; longer lines are bad records.',
  }),
}

export const ioFlags = {...inputFlags, ...outputFlag}

export const seedFlag = {
  seed: Flags.integer({
    default: 0,
    helpValue: 'N',
    description: 'Random seed; the same inputs and seed give byte-identical output.',
  }),
}
