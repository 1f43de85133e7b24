import {UsageError} from '../lib/errors.js'
import {parquetOutput} from '../lib/export/parquet-output.js'
import type {ImageMode, RowLayout} from '../lib/export/trajectory-columns.js'
import type {TrajectoryParquetOptions} from '../lib/export/trajectory-parquet.js'
import {cardTarget} from './card-target.js'

/** The flags of a trajectory export as the command parsed them. */
export interface TrajectoryExportFlags {
  format: 'ndjson' | 'parquet'
  output?: string
  rows?: RowLayout
  images?: ImageMode
  shots?: string
  card?: string
}

/**
 * The parquet export the flags ask for (null for NDJSON), every combination checked before anything is read or
 * written: the parquet flags need --format parquet, parquet needs -o FILE, --shots is where --images bytes reads.
 */
export function parseTrajectoryExport(
  flags: TrajectoryExportFlags,
  inputs: readonly string[],
): TrajectoryParquetOptions | null {
  if (flags.format !== 'parquet') {
    const stray = (['rows', 'images', 'shots', 'card'] as const).find((flag) => flags[flag] !== undefined)
    if (stray) throw new UsageError(`--${stray} shapes a parquet export`, 'add --format parquet -o FILE.parquet')
    return null
  }
  parquetOutput(flags.output)
  const images = flags.images ?? 'path'
  if (flags.shots !== undefined && images !== 'bytes')
    throw new UsageError(
      '--shots is where --images bytes reads the screenshots; with --images path the column is the path the record has',
      'add --images bytes, or drop --shots',
    )
  return {
    rows: flags.rows ?? 'trajectory',
    images,
    shots: flags.shots,
    card: flags.card === undefined ? null : cardTarget(flags.card, flags.output, inputs),
  }
}
