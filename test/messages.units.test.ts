import {errors as playwrightErrors} from 'playwright-core'
import {describe, expect, it} from 'vitest'
import {firstLine} from '../src/lib/errors.js'

// The one way a message is cut to one line: errors, warnings, episode errors and the action errors prompts repeat.

describe('firstLine', () => {
  it("keeps an error's first line, without Playwright's api.method: prefix", () => {
    const error = new Error(
      'browserType.connect: WebSocket error: connect ECONNREFUSED 127.0.0.1:1\nCall log:\n  - <ws connecting>',
    )
    expect(firstLine(error)).toBe('WebSocket error: connect ECONNREFUSED 127.0.0.1:1')
    expect(firstLine(new playwrightErrors.TimeoutError('page.goto: Timeout 30000ms exceeded.\n=== logs ==='))).toBe(
      'Timeout 30000ms exceeded.',
    )
    expect(firstLine(new Error('  \nfirst  \nsecond'))).toBe('first')
  })

  it('takes any other value as its text, prefix and all', () => {
    expect(firstLine('rollout.ndjson: gone\nmore')).toBe('rollout.ndjson: gone')
    expect(firstLine(42)).toBe('42')
    expect(firstLine(undefined)).toBe('undefined')
  })

  it('cuts to max characters, the last one an ellipsis', () => {
    expect(firstLine('x'.repeat(10), 5)).toBe('xxxx…')
    expect(firstLine('x'.repeat(5), 5)).toBe('xxxxx')
    expect(firstLine(new Error('a'.repeat(400)), 300)).toHaveLength(300)
  })
})
