import {UsageError} from '../errors.js'
import {opt, optionText} from '../option-text.js'
import {runName} from './run-outcomes.js'

/**
 * The name of each run, one per input file: the --name given in its place, else its file name without the NDJSON
 * extensions (stdin is "stdin"). Refuses more names than files and two runs of one name.
 */
export function runNames(files: readonly string[], names: readonly string[] = []): string[] {
  if (names.length > files.length)
    throw new UsageError(
      optionText`${names.length} ${opt('name')} for ${files.length} runs`,
      optionText`give at most one ${opt('name')} per file, in order`,
    )
  const named = files.map((file, i) => names[i] ?? (file === '-' ? 'stdin' : runName(file)))
  const repeated = named.find((name, i) => named.indexOf(name) !== i)
  if (repeated !== undefined)
    throw new UsageError(
      `two runs are named ${JSON.stringify(repeated)}`,
      optionText`tell them apart with ${opt('name')}`,
    )
  return named
}
