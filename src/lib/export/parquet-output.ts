import {UsageError} from '../errors.js'
import {STDIN} from '../io/open-input.js'
import {opt, optionText} from '../option-text.js'

/**
 * The file a parquet export goes to, or a usage error: a parquet file ends in the index of what it holds, so it is
 * written whole to a file and cannot stream down a pipe as NDJSON does; and it compresses its own pages.
 */
export function parquetOutput(output: string | undefined): string {
  if (!output || output === STDIN)
    throw new UsageError(
      optionText`parquet needs ${opt('output')} FILE: a parquet file is written whole (its index comes last), so it cannot go to stdout`,
      optionText`e.g. ${opt('output')} trajectories.parquet`,
    )
  if (/\.gz$/i.test(output))
    throw new UsageError(
      optionText`${opt('output')} ${JSON.stringify(output)}: a parquet file compresses its own pages (snappy), it is not gzipped`,
      'drop .gz from the name, e.g. trajectories.parquet',
    )
  return output
}
