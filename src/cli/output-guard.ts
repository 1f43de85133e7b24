import {resolve} from 'node:path'
import {UsageError} from '../lib/errors.js'
import {STDIN} from '../lib/io/open-input.js'
import {sameFile} from '../lib/io/same-file.js'

/**
 * Refuses `-o` naming one of the input files: outputs are opened (truncated, or appended to) before the inputs are
 * read, so the input would be destroyed, or read while it grows.
 */
export function assertOutputNotInput(output: string | undefined, inputs: readonly string[], flag = '-o'): void {
  if (!output || output === STDIN) return
  for (const input of inputs) {
    if (sameFile(output, input)) {
      if (flag === '--resume')
        throw new UsageError(
          `--resume ${JSON.stringify(output)} is an input file; resuming into it would destroy the input`,
          'resume from the output file of the earlier run (its -o), not from its input',
        )
      throw new UsageError(
        `${flag} ${JSON.stringify(output)} is an input file; writing it would destroy the input`,
        'write to a new file, and move it over the input afterwards if that is what you want',
      )
    }
  }
}

/** Refuses --resume with an -o naming another file: resuming appends to the resume file, so -o would be ignored. */
export function assertResumeTarget(resume: string, output: string | undefined, valueName: string): void {
  if (output && resolve(resume) !== resolve(output)) {
    throw new UsageError(
      '--resume and -o name different files',
      `--resume ${valueName} appends to ${valueName}; drop -o`,
    )
  }
}

/**
 * Refuses `--failed -` (stdout carries the data) and `--failed` naming the same file as `-o`: the failed records and
 * the results would be mixed, or overwrite each other.
 */
export function assertFailedTarget(failed: string | undefined, output: string | undefined): void {
  if (!failed) return
  if (failed === STDIN)
    throw new UsageError(
      '--failed - would mix the failed records into the data on stdout',
      'name a file, e.g. --failed failed.ndjson',
    )
  if (output && sameFile(failed, output))
    throw new UsageError(
      `--failed and -o both name ${JSON.stringify(failed)}`,
      'write the failed records to a file of their own',
    )
}
