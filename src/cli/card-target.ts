import {basename, dirname, relative} from 'node:path'
import {UsageError} from '../lib/errors.js'
import type {CardTarget} from '../lib/export/dataset-card.js'
import {STDIN} from '../lib/io/open-input.js'
import {sameFile} from '../lib/io/same-file.js'
import {assertOutputNotInput} from './output-guard.js'

/**
 * Where `--card FILE` writes the dataset card, and what the card says of the data file (`-o`): refused before
 * anything is written when there is no data file to name, or the card would overwrite the data or an input.
 */
export function cardTarget(path: string, output: string | undefined, inputs: readonly string[]): CardTarget {
  if (!output || output === STDIN)
    throw new UsageError(
      '--card needs -o FILE: the card names the data file',
      'e.g. -o hub/data/train.parquet --card hub/README.md',
    )
  if (path === STDIN)
    throw new UsageError('--card - would mix the card into the rows on stdout', 'name a file, e.g. --card README.md')
  if (sameFile(path, output))
    throw new UsageError(
      `--card and -o both name ${JSON.stringify(path)}`,
      'write the card to a file of its own, e.g. README.md beside the data',
    )
  assertOutputNotInput(path, inputs, '--card')
  const dataFile = relative(dirname(path), output).split('\\').join('/')
  return {path, dataFile, title: basename(output).replace(/(\.jsonl|\.ndjson|\.json|\.parquet)?(\.gz)?$/i, '')}
}
