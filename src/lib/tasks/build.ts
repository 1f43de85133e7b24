import {createReadStream, rmSync} from 'node:fs'
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {InputError, InvalidRecordError} from '../cli/errors.js'
import type {Reporter} from '../cli/reporter.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import {displayName, STDIN} from '../io/open-input.js'
import {readLineBatches} from '../io/read-lines.js'
import {RecordWriter} from '../io/record-writer.js'
import {spoolStdin} from '../io/spool-stdin.js'
import type {Task} from '../schema/task.js'
import {detectSource} from '../sources/detect.js'
import {readSourceRowBatches} from '../sources/read-rows.js'
import {RowError, type PrepareOptions, type SourceAdapter} from '../sources/types.js'
import {duplicateKey, finalizeTask, shortHash} from './finalize.js'

export interface BuildTasksOptions extends PrepareOptions {
  files: readonly string[]
  /** The adapter for every file; detected per file when absent. */
  source?: SourceAdapter
  /** The source name written into records of the generic adapter. */
  label?: string
  invalid: InvalidRecords
  maxLineBytes?: number
  reporter: Reporter
  writer: RecordWriter
}

export interface SourceCounts {
  records: number
  withWebsite: number
  withoutWebsite: number
}

export interface BuildSummary {
  bySource: Record<string, SourceCounts>
  written: number
  duplicatesMerged: number
  idCollisions: number
  invalidSkipped: number
}

/** Who a merged duplicate was. */
interface MergedFrom {
  source: string
  id: string
}

/**
 * Converts source task files into Task records. Pass 1 converts and validates every row into a spool file,
 * keeping only a duplicate-key index; pass 2 streams the spool to the output, merging exact duplicates (same
 * normalised intent and website) into their first occurrence and telling apart ids that collide.
 */
export async function buildTasks(options: BuildTasksOptions): Promise<BuildSummary> {
  const work = await mkdtemp(join(tmpdir(), 'webgym-build-'))
  // A closed stdout (`| head`) ends the process with process.exit, which skips `finally`: remove the spool then too.
  const removeWork = () => rmSync(work, {recursive: true, force: true})
  process.once('exit', removeWork)
  try {
    const state = new BuildState()
    const spoolPath = join(work, 'tasks.ndjson')
    const spool = await RecordWriter.open(spoolPath)
    for (const file of options.files.length > 0 ? options.files : [STDIN]) await convertFile(file, options, state, spool)
    await spool.close()
    await writeMerged(spoolPath, state, options.writer)
    const summary: BuildSummary = {
      bySource: Object.fromEntries(state.counts),
      written: options.writer.count,
      duplicatesMerged: state.duplicates,
      idCollisions: state.collidingIds(),
      invalidSkipped: options.invalid.skipped,
    }
    reportSummary(summary, options.reporter)
    return summary
  } finally {
    process.off('exit', removeWork)
    await rm(work, {recursive: true, force: true})
  }
}

class BuildState {
  readonly counts = new Map<string, SourceCounts>()
  readonly firstByKey = new Map<string, number>()
  readonly merged = new Map<number, MergedFrom[]>()
  readonly ids: string[] = []
  readonly idUses = new Map<string, number>()
  duplicates = 0

  count(task: Task): void {
    const counts = this.counts.get(task.source) ?? {records: 0, withWebsite: 0, withoutWebsite: 0}
    counts.records++
    if (task.website) counts.withWebsite++
    else counts.withoutWebsite++
    this.counts.set(task.source, counts)
  }

  /** Registers a task; returns false when it duplicates an earlier one (and records the merge). */
  keep(task: Task): boolean {
    const key = duplicateKey(task.intent, task.website)
    const first = this.firstByKey.get(key)
    if (first !== undefined) {
      const list = this.merged.get(first) ?? [{source: sourceOfId(this.ids[first]), id: this.ids[first]}]
      list.push({source: task.source, id: task.id})
      this.merged.set(first, list)
      this.duplicates++
      return false
    }
    this.firstByKey.set(key, this.ids.length)
    this.ids.push(task.id)
    this.idUses.set(task.id, (this.idUses.get(task.id) ?? 0) + 1)
    return true
  }

  collidingIds(): number {
    let count = 0
    for (const uses of this.idUses.values()) if (uses > 1) count += uses
    return count
  }
}

function sourceOfId(id: string): string {
  return id.slice(0, id.indexOf(':'))
}

async function convertFile(file: string, options: BuildTasksOptions, state: BuildState, spool: RecordWriter): Promise<void> {
  const stdin = file === STDIN ? await spoolStdin() : undefined
  const path = stdin?.path ?? file
  const name = displayName(file)
  try {
    let adapter = options.source
    let extra: unknown
    let prepared = false
    const skippedBefore = options.invalid.skipped
    for await (const rows of readSourceRowBatches(path, {invalid: options.invalid, maxLineBytes: options.maxLineBytes, name})) {
      adapter ??= detectSource(rows[0].value, name)
      if (!prepared) {
        extra = adapter.prepare ? await adapter.prepare(file, options) : undefined
        prepared = true
      }
      const kept: string[] = []
      for (const row of rows) {
        let task: Task
        try {
          task = toTask(adapter, row.value, {file: name, extra}, options.label)
        } catch (error) {
          if (!(error instanceof RowError)) throw error
          options.invalid.handle(new InvalidRecordError(row.location, error.field, error.problem))
          continue
        }
        state.count(task)
        if (state.keep(task)) kept.push(JSON.stringify(task))
      }
      await spool.writeLines(kept)
    }
    // No row at all, not even a skipped one: an empty file is a failed download or export, not an empty task set.
    if (!prepared && options.invalid.skipped === skippedBefore) {
      throw new InputError(`${name}: holds no task rows (it is empty, or only blank lines or a header)`, 'check that this is the task file and that it was written completely')
    }
  } finally {
    await stdin?.remove()
  }
}

function toTask(adapter: SourceAdapter, row: Record<string, unknown>, context: {file: string; extra: unknown}, label?: string): Task {
  const sourceName = adapter.name === 'generic' && label ? label : adapter.name
  // Adapters return typed drafts and finalizeTask builds the record field by field, so the output is a Task by
  // construction (the adapter tests check every source's output against TaskSchema); no per-record parse here.
  return finalizeTask(adapter.toTask(row, context), sourceName)
}

async function writeMerged(spoolPath: string, state: BuildState, writer: RecordWriter): Promise<void> {
  let index = 0
  const anyCollision = state.collidingIds() > 0
  for await (const lines of readLineBatches(createReadStream(spoolPath, {highWaterMark: 1 << 20}), Number.MAX_SAFE_INTEGER)) {
    const out: string[] = []
    for (const line of lines) {
      const merged = state.merged.get(index)
      const collides = anyCollision && (state.idUses.get(state.ids[index]) ?? 0) > 1
      index++
      if (!merged && !collides) {
        out.push(line.text as string)
        continue
      }
      const task = JSON.parse(line.text as string) as Task
      if (collides) task.id = `${task.id}~${shortHash(duplicateKey(task.intent, task.website))}`
      if (merged) task.meta = {...task.meta, merged_from: [{source: task.source, id: task.id}, ...merged.slice(1)]}
      out.push(JSON.stringify(task))
    }
    await writer.writeLines(out)
  }
}

function reportSummary(summary: BuildSummary, reporter: Reporter): void {
  for (const [source, counts] of Object.entries(summary.bySource)) {
    reporter.info(`tasks build: ${source}: ${counts.records} tasks (${counts.withWebsite} with website, ${counts.withoutWebsite} without)`)
  }
  reporter.info(
    `tasks build: wrote ${summary.written} tasks; ${summary.duplicatesMerged} duplicates merged; ` +
      `${summary.idCollisions} colliding ids disambiguated; ${summary.invalidSkipped} invalid records skipped`,
  )
}
