// Shared by the bad-input tests (test/bad-input.*.test.ts): runs the built CLI on the corpus in fixtures/bad/ and checks what it says.
import {join} from 'node:path'
import type {Result} from 'execa'
import {dump, root, runWebgym} from './cli.js'
import {expect} from 'vitest'
import {TaskSchema, type Task} from '../../src/lib/schema/task.js'

export {assertBuilt, dump, root} from './cli.js'
/** The committed corpus; commands run with it as their working directory, so messages name files as given. */
export const corpus = join(root, 'fixtures', 'bad')

/** Runs the built CLI in the corpus directory (or `cwd`) with a real stdin pipe. */
export function webgym(args: string[], options: {input?: string | Buffer; cwd?: string} = {}): Promise<Result> {
  return runWebgym(args, {...options, cwd: options.cwd ?? corpus})
}

/** The non-empty lines of a stream. */
export const linesOf = (text: unknown): string[] =>
  String(text)
    .split('\n')
    .filter((line) => line.trim() !== '')

/**
 * Parses stdout as NDJSON Task records and fails on any line that is not one: whatever a command wrote before it
 * stopped or while it skipped bad records must still be valid data.
 */
export function tasksOn(result: Result): Task[] {
  return linesOf(result.stdout).map((line, index) => {
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      throw new Error(`stdout line ${index + 1} is not JSON: ${line.slice(0, 200)}\n${dump(result)}`)
    }
    const parsed = TaskSchema.safeParse(value)
    if (!parsed.success)
      throw new Error(
        `stdout line ${index + 1} is not a Task (${parsed.error.issues[0]?.message}): ${line.slice(0, 200)}`,
      )
    return parsed.data
  })
}

export interface OneErrorExpectation {
  exitCode: 1 | 2
  /** What the line starts with after `webgym: `, e.g. `truncated-line.jsonl:2: ` or `empty.jsonl: `. */
  at?: string
  /** The field the line must name, as `field "NAME"`. */
  field?: string
  says: RegExp
}

/** Exit code, exactly one non-empty line on stderr (`webgym: ...`, no stack trace), and only valid records on stdout. */
export function expectOneError(result: Result, expected: OneErrorExpectation): string {
  const context = dump(result)
  expect(result.exitCode, context).toBe(expected.exitCode)
  const lines = linesOf(result.stderr)
  expect(lines, context).toHaveLength(1)
  const [line] = lines
  expect(line, context).toMatch(/^webgym: \S/)
  if (expected.at)
    expect(
      line.startsWith(`webgym: ${expected.at}`),
      `${context}\nexpected the line to start with "webgym: ${expected.at}"`,
    ).toBe(true)
  if (expected.field) expect(line, context).toContain(`field "${expected.field}"`)
  expect(line, context).toMatch(expected.says)
  tasksOn(result)
  return line
}

/**
 * `--on-invalid skip`: exit 0, one `skipped FILE:LINE: ...` line per bad line (and nothing else but the summary),
 * the summary counting them, and every good record on stdout exactly once.
 */
export function expectSkipped(result: Result, expected: {file: string; lines: number[]; intents: string[]}): Task[] {
  const context = dump(result)
  expect(result.exitCode, context).toBe(0)
  const stderr = linesOf(result.stderr)
  const reports = stderr.filter((line) => !line.startsWith('webgym: tasks build: '))
  expect(
    reports.map((line) => /^webgym: skipped (.+?:\d+): /.exec(line)?.[1] ?? line),
    context,
  ).toEqual(expected.lines.map((line) => `${expected.file}:${line}`))
  expect(stderr.at(-1), context).toMatch(
    new RegExp(
      `^webgym: tasks build: wrote ${expected.intents.length} tasks; .*; ${expected.lines.length} invalid records skipped(; converted with \\d+ workers)?$`,
    ),
  )
  const tasks = tasksOn(result)
  expect(tasks.map((task) => task.intent).sort(), context).toEqual([...expected.intents].sort())
  return tasks
}

/** Bytes that look random but are the same on every run (a 32-bit LCG). */
export function garbageBytes(length: number, seed = 12345): Buffer {
  const bytes = Buffer.alloc(length)
  let state = seed >>> 0
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    bytes[i] = state >>> 24
  }
  return bytes
}

/** A WebVoyager row, as WebVoyager_data.jsonl holds them. */
export function webvoyagerRow(n: number, ques: string): string {
  return JSON.stringify({web_name: 'Allrecipes', id: `Allrecipes--${n}`, ques, web: 'https://www.allrecipes.com/'})
}
