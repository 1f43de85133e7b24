import type {Line} from '../io/read-lines.js'
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

export interface ConvertRequest {
  id: number
  lines: Line[]
}

/** A converted batch, as parallel columns (cheap to clone), plus the bad rows in line order. */
export interface ConvertResponse {
  id: number
  json: string[]
  keys: string[]
  ids: string[]
  sources: string[]
  hasWebsite: boolean[]
  errors: {line: number; field?: string; problem: string}[]
  /** A bug (not bad data) in the worker: fails the build. */
  crash?: string
}
