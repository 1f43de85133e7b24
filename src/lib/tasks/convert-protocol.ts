import type {PrepareOptions} from '../sources/types.js'

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

/** A converted batch, as parallel columns (cheap to clone), plus the bad rows in line order. */
export interface ConvertResponse {
  json: string[]
  keys: string[]
  ids: string[]
  sources: string[]
  hasWebsite: boolean[]
  errors: {line: number; field?: string; problem: string}[]
}

/** The built worker script (workers run only from dist/). */
export const CONVERT_WORKER = new URL('./convert-worker.js', import.meta.url)
