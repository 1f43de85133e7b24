import {BugError} from './errors.js'

/**
 * The end of an exhaustive switch over a union: the types say no value gets here, so a member added to the union makes
 * each call a compile error that names the switch to extend.
 */
export function unreachable(value: never, what: string): never {
  throw new BugError(`unexpected ${what}: ${JSON.stringify(value)}`)
}
