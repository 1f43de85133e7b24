import type {ParquetColumn} from '../export/parquet-columns.js'
import {hfColumns} from '../schema/hf-row.js'

/** The hf row's columns with their types: `--format parquet` writes them, and the dataset card declares them. */
export function hfRowColumns(): ParquetColumn[] {
  return hfColumns().map(({name, dtype, description}) => ({name, type: dtype, description}))
}
