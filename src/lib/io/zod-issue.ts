import type {z} from 'zod'
import {describeValue} from '../errors.js'

/** The first problem zod found, as a dotted field path and a short problem text quoting the bad value. */
export function describeIssue(error: z.ZodError, value: unknown): {field: string | undefined; problem: string} {
  const issue = error.issues[0]
  if (!issue) return {field: undefined, problem: 'invalid record'}
  const path = issue.path.map(String)
  const field = path.length > 0 ? path.join('.') : undefined
  const got = valueAt(value, issue.path)
  let problem = issue.message.replace(/^Invalid input:\s*/i, '')
  if (issue.code === 'invalid_type' && got === undefined) problem = `missing (${problem})`
  else if (issue.code !== 'invalid_type' || !/received/.test(problem)) problem = `${problem}; got ${describeValue(got)}`
  return {field, problem}
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}
