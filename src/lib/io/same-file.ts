import {statSync} from 'node:fs'
import {resolve} from 'node:path'
import {STDIN} from './open-input.js'

/** The same path, or two names (links) of one existing file; `-` (stdin/stdout) only matches itself. */
export function sameFile(a: string, b: string): boolean {
  if (a === STDIN || b === STDIN) return a === b
  if (resolve(a) === resolve(b)) return true
  const statA = statSync(a, {throwIfNoEntry: false})
  const statB = statSync(b, {throwIfNoEntry: false})
  return statA !== undefined && statB !== undefined && statA.dev === statB.dev && statA.ino === statB.ino
}
