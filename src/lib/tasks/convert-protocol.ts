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

/** Strings packed into one (one copy between threads instead of one per string), with the end of each. */
export interface PackedStrings {
  text: string
  ends: Uint32Array
}

/**
 * A converted batch, in columns that cross threads cheaply: the Task lines as UTF-8 bytes (moved, never decoded on
 * the main thread unless a line must change), what the duplicate index needs per row, and the bad rows in line order.
 */
export interface ConvertResponse {
  /** Each row's Task JSON followed by a newline. */
  lines: Uint8Array
  /** Byte offset just past each row's line. */
  lineEnds: Uint32Array
  keys: PackedStrings
  /** hashString of each key, computed on the worker. */
  keyHashes: Uint32Array
  ids: PackedStrings
  /** The source of consecutive rows: [source, count] runs (rows of one file nearly always share one). */
  sourceRuns: [string, number][]
  /** 1 where the row has a website. */
  hasWebsite: Uint8Array
  errors: {line: number; field?: string; problem: string}[]
}

/** Packs strings for a ConvertResponse. */
export function packStrings(strings: readonly string[]): PackedStrings {
  const ends = new Uint32Array(strings.length)
  let end = 0
  for (let i = 0; i < strings.length; i++) ends[i] = end += strings[i].length
  return {text: strings.join(''), ends}
}

/** The i-th string of a PackedStrings. */
export function unpackString(packed: PackedStrings, i: number): string {
  return packed.text.slice(i === 0 ? 0 : packed.ends[i - 1], packed.ends[i])
}

/** The built worker script (workers run only from dist/). */
export const CONVERT_WORKER = new URL('./convert-worker.js', import.meta.url)
