import type {PrepareOptions} from '../sources/types.js'
import type {Text} from '../option-text.js'

// Messages between `tasks build` and its conversion workers.

export interface ConvertWorkerInit {
  adapter: string
  /** The file as given (adapters look beside it, e.g. for reference answers). */
  file: string
  /** How the file is named in messages. */
  name: string
  prepare: PrepareOptions
  label?: string
}

/**
 * A converted batch, in columns that cross threads cheaply: the Task lines as UTF-8 bytes (moved, never decoded on
 * the main thread unless a line must change), the hashes the duplicate merging needs, and the bad rows in line order.
 */
export interface ConvertResponse {
  /** Each row's Task JSON followed by a newline. */
  lines: Uint8Array
  /** hashString of each row's duplicate key and of its id. */
  keyHashes: Int32Array
  idHashes: Int32Array
  /** The source of consecutive rows: [source, count] runs (rows of one file nearly always share one). */
  sourceRuns: [string, number][]
  /** 1 where the row has a website. */
  hasWebsite: Uint8Array
  errors: {line: number; field?: string; problem: Text}[]
}

/** The built worker script (workers run only from dist/). */
export const CONVERT_WORKER = new URL('./convert-worker.js', import.meta.url)
