import {STDIN} from '../io/open-input.js'
import {sameFile} from '../io/same-file.js'
import {UsageError} from './errors.js'

/**
 * Refuses `-o` naming one of the input files: outputs are opened (truncated, or appended to) before the inputs are
 * read, so the input would be destroyed, or read while it grows.
 */
export function assertOutputNotInput(output: string | undefined, inputs: readonly string[], flag = '-o'): void {
  if (!output || output === STDIN) return
  for (const input of inputs) {
    if (sameFile(output, input)) {
      throw new UsageError(`${flag} ${JSON.stringify(output)} is an input file; writing it would destroy the input`, 'write to a new file, and move it over the input afterwards if that is what you want')
    }
  }
}

/**
 * Refuses `--failed -` (stdout carries the data) and `--failed` naming the same file as `-o`: the failed records and
 * the results would be mixed, or overwrite each other.
 */
export function assertFailedTarget(failed: string | undefined, output: string | undefined): void {
  if (!failed) return
  if (failed === STDIN) throw new UsageError('--failed - would mix the failed records into the data on stdout', 'name a file, e.g. --failed failed.ndjson')
  if (output && sameFile(failed, output)) throw new UsageError(`--failed and -o both name ${JSON.stringify(failed)}`, 'write the failed records to a file of their own')
}
