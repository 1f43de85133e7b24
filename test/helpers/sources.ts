// Shared by the source-adapter tests: runs the built `webgym tasks build` and reads what it wrote.
import {join} from 'node:path'
import type {Result} from 'execa'
import {parquetWriteFile} from 'hyparquet-writer'
import type {Task} from '../../src/lib/schema/task.js'

import {root, runWebgym} from './cli.js'

export {assertBuilt, dump} from './cli.js'

/** A file under fixtures/sources/. */
export const fixture = (...parts: string[]): string => join(root, 'fixtures', 'sources', ...parts)

export interface SourceCount {
  records: number
  withWebsite: number
  withoutWebsite: number
}

/** The stderr summary of `tasks build`. */
export interface BuildSummary {
  bySource: Record<string, SourceCount>
  written: number
  duplicatesMerged: number
  idCollisions: number
  invalidSkipped: number
}

export interface BuildRun {
  result: Result
  tasks: Task[]
  summary: BuildSummary | null
}

/** Runs `webgym tasks build ARGS` and parses its NDJSON stdout and its stderr summary. */
export async function tasksBuild(
  args: string[],
  options: {input?: string | Buffer; cwd?: string} = {},
): Promise<BuildRun> {
  const result = await runWebgym(['tasks', 'build', ...args], options)
  const stdout = String(result.stdout)
  const tasks = stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Task)
  return {result, tasks, summary: parseSummary(String(result.stderr))}
}

export function parseSummary(stderr: string): BuildSummary | null {
  const total =
    /tasks build: wrote (\d+) tasks; (\d+) duplicates merged; (\d+) colliding ids disambiguated; (\d+) invalid records skipped/.exec(
      stderr,
    )
  if (!total) return null
  const bySource: Record<string, SourceCount> = {}
  for (const match of stderr.matchAll(/tasks build: (\S+): (\d+) tasks \((\d+) with website, (\d+) without\)/g)) {
    bySource[match[1]] = {records: Number(match[2]), withWebsite: Number(match[3]), withoutWebsite: Number(match[4])}
  }
  const [written, duplicatesMerged, idCollisions, invalidSkipped] = total.slice(1).map(Number)
  return {bySource, written, duplicatesMerged, idCollisions, invalidSkipped}
}

/** The task with this id; fails naming the ids there are. */
export function taskById(tasks: readonly Task[], id: string): Task {
  const task = tasks.find((candidate) => candidate.id === id)
  if (!task) throw new Error(`no task ${id}; ids: ${tasks.map((candidate) => candidate.id).join(', ')}`)
  return task
}

/** The one task whose intent starts with this text. */
export function taskByIntent(tasks: readonly Task[], start: string): Task {
  const found = tasks.filter((task) => task.intent.startsWith(start))
  if (found.length !== 1) throw new Error(`${found.length} tasks start with ${JSON.stringify(start)}`)
  return found[0]
}

/** InSTA v3 rows as the hub's parquet holds them (website, instruction, steps[], criteria[]); content made up. */
export const INSTA_V3_PARQUET_ROWS = [
  {
    website: 'metoffice.gov.uk',
    instruction: "Find tomorrow's maximum temperature forecast for Edinburgh.",
    steps: ['Search the forecast for Edinburgh', "Open tomorrow's forecast", 'Read the maximum temperature'],
    criteria: [
      'The answer gives the maximum temperature for Edinburgh tomorrow',
      'The temperature is in degrees Celsius',
    ],
  },
  {
    website: 'eventbrite.com.au',
    instruction: 'Find a free coding workshop in Melbourne this month.',
    steps: [
      'Search events for "coding workshop" in Melbourne',
      'Filter by price: free',
      'Open the first event this month',
    ],
    criteria: ['The event is a coding workshop', 'The event is free', 'The event takes place in Melbourne this month'],
  },
  {
    website: 'www.gutenberg.org',
    instruction: 'Find how many times the Project Gutenberg edition of Moby Dick was downloaded in the last 30 days.',
    steps: ['Search the catalogue for Moby Dick', 'Open the book page', 'Read the download count'],
    criteria: ["The answer gives the book page's 30-day download count"],
  },
]

/** Writes the InSTA v3 rows as a parquet file with list-of-string columns, like insta-150k-v3's train split. */
export function writeInstaParquet(path: string): void {
  parquetWriteFile({
    filename: path,
    columnData: [
      {name: 'website', data: INSTA_V3_PARQUET_ROWS.map((row) => row.website), type: 'STRING'},
      {name: 'instruction', data: INSTA_V3_PARQUET_ROWS.map((row) => row.instruction), type: 'STRING'},
      {name: 'steps', data: INSTA_V3_PARQUET_ROWS.map((row) => row.steps)},
      {name: 'criteria', data: INSTA_V3_PARQUET_ROWS.map((row) => row.criteria)},
    ],
  })
}
