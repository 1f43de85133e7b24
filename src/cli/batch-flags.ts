import {Flags} from '@oclif/core'
import type {BatchRunOptions} from '../lib/batch/batch-options.js'
import {shardFlag, shardFromFlag} from './shard-flag.js'

// The flags of every batch job over records: failure handling, resumption and output order.
export const batchFlags = {
  failed: Flags.string({
    helpValue: 'FILE',
    description:
      'Write each record that failed for good, with its reason, to FILE (NDJSON); default: a count and the first reasons on stderr.',
  }),
  'allow-failures': Flags.boolean({default: false, description: 'Exit 0 even when some records failed.'}),
  resume: Flags.string({
    helpValue: 'OUTFILE',
    description:
      'Append to OUTFILE, processing only the input records it does not already hold (rerun after a crash or with failures).',
  }),
  unordered: Flags.boolean({default: false, description: 'Write records as they finish instead of in input order.'}),
  ...shardFlag,
}

/** The parsed batchFlags, with the input/output and concurrency flags a batch command also has. */
export interface BatchFlagValues {
  concurrency: number
  unordered: boolean
  resume?: string
  failed?: string
  'allow-failures': boolean
  output?: string
  'max-line-bytes': number
  shard?: string
}

// The batch options a command's batch, input/output and concurrency flags ask for.
export function batchOptionsFromFlags(flags: BatchFlagValues): BatchRunOptions {
  return {
    maxLineBytes: flags['max-line-bytes'],
    output: flags.output,
    resume: flags.resume,
    failed: flags.failed,
    allowFailures: flags['allow-failures'],
    concurrency: flags.concurrency,
    ordered: !flags.unordered,
    shard: shardFromFlag(flags.shard),
  }
}
