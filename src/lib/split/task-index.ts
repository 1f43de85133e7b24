import type {Stratum} from './stratum.js'

// A task's website number when it has none: such tasks go to neither side.
export const NO_WEBSITE = -1

// What pass 1 keeps of each valid task: a few integers, so 300,000 tasks fit in a few megabytes.
export interface TaskIndex {
  /** 1-based input line of each valid task, ascending. */
  lines: Int32Array
  /** Website number of each task, or NO_WEBSITE. */
  websiteOf: Int32Array
  /** Stratum number of each task, an index into `strata`. */
  stratumOf: Int32Array
  websiteCount: number
  /** Website names by website number. */
  websites: string[]
  strata: Stratum[]
}
