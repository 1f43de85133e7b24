import {RecordWriter} from '../io/record-writer.js'
import {ParquetFileWriter} from './parquet-file-writer.js'
import type {ParquetColumn} from './parquet-columns.js'
import {parquetOutput} from './parquet-output.js'

/** Where exported rows go: NDJSON lines (stdout or a file) or a parquet file. */
export interface RowSink {
  /** Rows taken so far. */
  readonly count: number
  write(row: object): Promise<void>
  close(): Promise<void>
  /** After a failure: NDJSON keeps the whole rows written before it, a parquet file is not left at all. */
  abandon(): Promise<void>
}

/** A parquet file of these columns at `output` when `parquet` is given, else NDJSON to `output` or stdout. */
export async function openRowSink(
  output: string | undefined,
  parquet: readonly ParquetColumn[] | null,
): Promise<RowSink> {
  if (parquet) return ParquetFileWriter.open(parquetOutput(output), {columns: parquet})
  const writer = await RecordWriter.open(output)
  return {
    get count() {
      return writer.count
    },
    write: (row) => writer.write(row),
    close: () => writer.close(),
    abandon: () => writer.close(),
  }
}
