// `--where` looks values up by dotted path (task.website, judgment.blocked, steps.0.url) and compares them as text.

/** The value at a dotted path (own properties; array items by index), or undefined when the path leads nowhere. */
export function valueAtPath(value: unknown, path: readonly string[]): unknown {
  let current = value
  for (const part of path) {
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(part)) return undefined
      current = current[Number(part)]
    } else if (current !== null && typeof current === 'object' && Object.hasOwn(current, part)) {
      current = (current as Record<string, unknown>)[part]
    } else return undefined
  }
  return current
}

/** A JSON scalar as `--where` compares it: a string as itself, a number, boolean or null as JSON; else undefined. */
export function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (value === null || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))
    return JSON.stringify(value)
  return undefined
}
