import {UsageError} from '../lib/errors.js'
import {STDIN} from '../lib/io/open-input.js'
import {sameFile} from '../lib/io/same-file.js'

/** The files and sizes `webgym split` was asked for. */
export interface SplitTargets {
  input: string
  train: string
  test: string
  report: boolean
}

// Rejects flag combinations that would overwrite the input, mix both sides into one file, or ask for nothing.
export function assertSplitTargets(targets: SplitTargets): void {
  if (sameFile(targets.train, targets.test)) {
    throw new UsageError(
      `--train and --test both name ${JSON.stringify(targets.train)}`,
      'give train and test their own files',
    )
  }
  for (const [flag, path] of [
    ['--train', targets.train],
    ['--test', targets.test],
  ] as const) {
    if (targets.input !== STDIN && sameFile(path, targets.input)) {
      throw new UsageError(
        `${flag} ${JSON.stringify(path)} is the input file; writing it would destroy the input`,
        'write the split to new files',
      )
    }
    if (path === STDIN && targets.report) {
      throw new UsageError(
        `${flag} - and --report would both write to stdout`,
        `write ${flag} to a file, or drop --report`,
      )
    }
  }
}
