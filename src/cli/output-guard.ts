import {resolve} from 'node:path'
import {UsageError} from '../lib/errors.js'
import {STDIN} from '../lib/io/open-input.js'
import {sameFile} from '../lib/io/same-file.js'
import type {FlagFile} from './own-flags.js'

// The files a command writes, checked before anything is opened. Each message names the flags as the command spells
// them (own-flags.ts), so it names only flags the command has.

/**
 * Refuses an output file that is one of the input files: outputs are opened (truncated, or appended to) before the
 * inputs are read, so the input would be destroyed, or read while it grows. `flag` names the output (`-o`).
 */
export function assertOutputNotInput(output: string | undefined, inputs: readonly string[], flag: string): void {
  if (!output || output === STDIN) return
  if (inputs.some((input) => sameFile(output, input)))
    throw new UsageError(
      `${flag} ${JSON.stringify(output)} is an input file; writing it would destroy the input`,
      'write to a new file, and move it over the input afterwards if that is what you want',
    )
}

/** Refuses resuming into an input file: the resume file is rewritten (a torn last line, records to redo) and grown. */
export function assertResumeNotInput(resume: FlagFile, inputs: readonly string[], output: FlagFile | undefined): void {
  if (inputs.some((input) => sameFile(resume.file, input)))
    throw new UsageError(
      `${resume.flag} ${JSON.stringify(resume.file)} is an input file; resuming into it would destroy the input`,
      `resume from the output file of the earlier run${output ? ` (its ${output.flag})` : ''}, not from its input`,
    )
}

/** Refuses resuming with an output naming another file: resuming appends to the resume file, so it would be ignored. */
export function assertResumeTarget(resume: FlagFile, output: FlagFile | undefined, valueName: string): void {
  if (output && resolve(resume.file) !== resolve(output.file)) {
    throw new UsageError(
      `${resume.flag} and ${output.flag} name different files`,
      `${resume.flag} ${valueName} appends to ${valueName}; drop ${output.flag}`,
    )
  }
}

/**
 * Refuses failed records on stdout (which carries the data) and in the output file: the failed records and the
 * results would be mixed, or overwrite each other.
 */
export function assertFailedTarget(failed: FlagFile | undefined, output: FlagFile | undefined): void {
  if (!failed) return
  if (failed.file === STDIN)
    throw new UsageError(
      `${failed.flag} - would mix the failed records into the data on stdout`,
      `name a file, e.g. ${failed.flag} failed.ndjson`,
    )
  if (output && sameFile(failed.file, output.file))
    throw new UsageError(
      `${failed.flag} and ${output.flag} both name ${JSON.stringify(failed.file)}`,
      'write the failed records to a file of their own',
    )
}
