import {InvalidRecordError} from '../cli/errors.js'
import type {Line} from '../io/read-lines.js'
import {parseJsonLine} from '../io/read-records.js'
import {describeIssue} from '../io/zod-issue.js'
import {TaskSchema} from '../schema/task.js'

/** What the split needs of a batch of lines: per valid task its line and facts, and the bad lines, in order. */
export interface TaskFacts {
  lines: number[]
  websites: (string | null)[]
  domains: (string | null)[]
  subdomains: (string | null)[]
  levels: (string | null)[]
  errors: {line: number; field?: string; problem: string}[]
}

/** Validates a batch of lines as Task records (in a worker or in the calling thread) and keeps only their facts. */
export function readTaskFacts(lines: readonly Line[], file: string): TaskFacts {
  const facts: TaskFacts = {lines: [], websites: [], domains: [], subdomains: [], levels: [], errors: []}
  for (const line of lines) {
    const parsed = parseJsonLine(line, file)
    if (parsed === undefined) continue
    if (parsed instanceof InvalidRecordError) {
      facts.errors.push({line: line.line, problem: parsed.problem})
      continue
    }
    const result = TaskSchema.safeParse(parsed.value)
    if (!result.success) {
      facts.errors.push({line: line.line, ...describeIssue(result.error, parsed.value)})
      continue
    }
    const task = result.data
    facts.lines.push(line.line)
    facts.websites.push(task.website)
    facts.domains.push(task.domain)
    facts.subdomains.push(task.subdomain)
    facts.levels.push(task.level)
  }
  return facts
}

/** The built worker script that runs readTaskFacts on another core. */
export const SCAN_WORKER = new URL('./scan-worker.js', import.meta.url)
