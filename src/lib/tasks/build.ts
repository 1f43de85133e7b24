import {EMPTY_INPUT_HINT, emptyInputMessage} from '../io/read-records.js'
import {rmSync} from 'node:fs'
import {mkdtemp, rm, stat} from 'node:fs/promises'
import {availableParallelism, tmpdir} from 'node:os'
import {join} from 'node:path'
import {InputError, InvalidRecordError} from '../errors.js'
import {ByteSpool} from '../io/byte-spool.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import {displayName, openInput, STDIN} from '../io/open-input.js'
import {decodeLineChunk, readLineChunks, type LineChunk} from '../io/read-lines.js'
import {parseJsonLine} from '../io/read-records.js'
import type {RecordWriter} from '../io/record-writer.js'
import {spoolStdin} from '../io/spool-stdin.js'
import {opt, optionText} from '../option-text.js'
import {Progress} from '../report/progress.js'
import type {Reporter} from '../report/reporter.js'
import {detectSource} from '../sources/detect.js'
import {detectFormat, readSourceRowBatches} from '../sources/read-rows.js'
import {RowError, type PrepareOptions, type SourceAdapter} from '../sources/types.js'
import {canUseWorkers, WorkerPool} from '../workers/worker-pool.js'
import {CONVERT_WORKER, type ConvertResponse, type ConvertWorkerInit} from './convert-protocol.js'
import {convertRow} from './convert-row.js'
import {planMerges, writeMerged, RowHashes} from './merge-duplicates.js'

export interface BuildTasksOptions extends PrepareOptions {
  files: readonly string[]
  /** The adapter for every file; detected per file when absent. */
  source?: SourceAdapter
  /** The source name written into records of the generic adapter. */
  label?: string
  invalid: InvalidRecords
  maxLineBytes?: number
  /** Conversion workers for JSONL: a number (0 or 1: none), or auto (one per core, for files of 8 MiB or more). */
  workers?: number | 'auto'
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
  /** The most conversion workers any file was split between (0: none). */
  conversionWorkers: number
}

/**
 * Converts source task files into Task records. Pass 1 converts every row into a spool (memory, then a file),
 * keeping only a hash of each row's duplicate key and id; pass 2 streams the spool to the output, merging exact
 * duplicates (same normalised intent and website) into their first occurrence and telling apart ids that collide
 * (rows whose hashes meet are read again and compared in full first).
 */
export async function buildTasks(options: BuildTasksOptions): Promise<BuildSummary> {
  const work = await mkdtemp(join(tmpdir(), 'webgym-build-'))
  // A closed stdout (`| head`) ends the process with process.exit, which skips `finally`: remove the spool then too.
  const removeWork = () => rmSync(work, {recursive: true, force: true})
  const progress = new Progress({label: 'tasks build', reporter: options.reporter})
  process.once('exit', removeWork)
  try {
    const state = new BuildState(progress)
    const spool = new ByteSpool(join(work, 'tasks.ndjson'))
    for (const file of options.files.length > 0 ? options.files : [STDIN])
      await convertFile(file, options, state, spool)
    await spool.close()
    progress.stop()
    const plan = await planMerges(spool, state.hashes)
    await writeMerged(spool, plan, options.writer)
    await options.writer.flush()
    const summary: BuildSummary = {
      bySource: Object.fromEntries(state.counts),
      written: options.writer.count,
      duplicatesMerged: plan.dropped.size,
      idCollisions: plan.renamed.size,
      invalidSkipped: options.invalid.skipped,
      conversionWorkers: state.workers,
    }
    reportSummary(summary, options.reporter)
    return summary
  } finally {
    progress.stop()
    process.off('exit', removeWork)
    await rm(work, {recursive: true, force: true})
  }
}

class BuildState {
  readonly counts = new Map<string, SourceCounts>()
  readonly hashes = new RowHashes()
  /** The most conversion workers any file was split between (0: every file in this thread). */
  workers = 0

  constructor(private readonly progress?: Progress) {}

  /** Shows how far pass 1 has got (called once per batch). */
  showProgress(invalid: number): void {
    this.progress?.update({done: this.hashes.count, failed: invalid})
  }

  /** Counts `rows` converted rows of one source. */
  count(source: string, rows: number, withWebsite: number): void {
    let counts = this.counts.get(source)
    if (!counts) this.counts.set(source, (counts = {records: 0, withWebsite: 0, withoutWebsite: 0}))
    counts.records += rows
    counts.withWebsite += withWebsite
    counts.withoutWebsite += rows - withWebsite
  }
}

async function convertFile(
  file: string,
  options: BuildTasksOptions,
  state: BuildState,
  spool: ByteSpool,
): Promise<void> {
  const stdin = file === STDIN ? await spoolStdin() : undefined
  const path = stdin?.path ?? file
  const name = displayName(file)
  try {
    const skippedBefore = options.invalid.skipped
    const workers = await workersFor(path, name, options.workers ?? 'auto', options.reporter)
    state.workers = Math.max(state.workers, workers)
    const sawRows =
      workers > 1
        ? await convertInWorkers(file, path, name, workers, options, state, spool)
        : await convertInThread(file, path, name, options, state, spool)
    // No row at all, not even a skipped one: an empty file is a failed download or export, not an empty task set.
    if (!sawRows && options.invalid.skipped === skippedBefore) {
      throw new InputError(emptyInputMessage(name, 'task rows').replace(/\)$/, ' or a header)'), EMPTY_INPUT_HINT)
    }
  } finally {
    await stdin?.remove()
  }
}

// Below this size, starting workers costs more than it saves.
const PARALLEL_MIN_BYTES = 8 * 1024 * 1024

/** Why a file cannot be split between conversion workers, or null when it can; the cheap check first. */
async function whyNotInWorkers(path: string, name: string): Promise<string | null> {
  if (!canUseWorkers(CONVERT_WORKER))
    return 'this machine has one core, or the compiled worker script is missing (a run from src/)'
  const format = await detectFormat(path, name)
  return format === 'jsonl' ? null : `it is ${format}, and only JSONL is split between workers`
}

async function workersFor(path: string, name: string, requested: number | 'auto', reporter: Reporter): Promise<number> {
  if (requested !== 'auto' && requested <= 1) return 0
  const inThreadBecause = await whyNotInWorkers(path, name)
  if (inThreadBecause) {
    if (requested !== 'auto')
      reporter.warn(
        optionText`tasks build: ${name}: ${opt('workers')} ${requested} not used: ${inThreadBecause}; converting in one thread`,
      )
    return 0
  }
  if (requested !== 'auto') return requested
  // A file that cannot be read takes the ordinary path, which says why in the user's terms.
  const size = await stat(path).then(
    (info) => info.size,
    () => 0,
  )
  return size >= PARALLEL_MIN_BYTES ? availableParallelism() : 0
}

async function convertInThread(
  file: string,
  path: string,
  name: string,
  options: BuildTasksOptions,
  state: BuildState,
  spool: ByteSpool,
): Promise<boolean> {
  let adapter = options.source
  let extra: unknown
  let sawRows = false
  for await (const rows of readSourceRowBatches(path, {
    invalid: options.invalid,
    maxLineBytes: options.maxLineBytes,
    name,
  })) {
    adapter ??= detectSource(rows[0].value, name)
    if (!sawRows) {
      extra = adapter.prepare ? await adapter.prepare(file, options) : undefined
      sawRows = true
    }
    const lines: string[] = []
    for (const row of rows) {
      const converted = convertRow(adapter, row.value, {file: name, extra}, options.label)
      if (converted instanceof RowError) {
        options.invalid.handle(new InvalidRecordError(row.location, converted.field, converted.problem))
        continue
      }
      state.count(converted.source, 1, converted.hasWebsite ? 1 : 0)
      state.hashes.add(converted.keyHash, converted.idHash)
      lines.push(converted.json)
    }
    await spool.writeLines(lines)
    state.showProgress(options.invalid.skipped)
  }
  return sawRows
}

// Large JSONL files: parsing and converting run on every core; results are taken in input order, so errors,
// duplicates and ids come out exactly as in one thread.
async function convertInWorkers(
  file: string,
  path: string,
  name: string,
  workers: number,
  options: BuildTasksOptions,
  state: BuildState,
  spool: ByteSpool,
): Promise<boolean> {
  let pool: WorkerPool<LineChunk, ConvertResponse> | undefined
  const pending: Promise<ConvertResponse>[] = []
  let sawRows = false
  const consume = async (response: ConvertResponse) => {
    for (const error of response.errors)
      options.invalid.handle(new InvalidRecordError({file: name, line: error.line}, error.field, error.problem))
    let row = 0
    for (const [source, rows] of response.sourceRuns) {
      let withWebsite = 0
      for (const end = row + rows; row < end; row++) {
        withWebsite += response.hasWebsite[row]
        state.hashes.add(response.keyHashes[row], response.idHashes[row])
      }
      state.count(source, rows, withWebsite)
    }
    await spool.writeBytes(response.lines, row)
    state.showProgress(options.invalid.skipped)
  }
  const startPool = (adapter: SourceAdapter) => {
    const init: ConvertWorkerInit = {
      adapter: adapter.name,
      file,
      name,
      prepare: {answersFile: options.answersFile, fieldMap: options.fieldMap},
      label: options.label,
    }
    return new WorkerPool<LineChunk, ConvertResponse>(CONVERT_WORKER, init, workers)
  }
  try {
    // With the source known, the workers start loading while the first chunk is read.
    if (options.source) pool = startPool(options.source)
    // Chunks go to the workers as raw bytes (moved, not copied): decoding and splitting lines happens there too.
    for await (const chunk of readLineChunks(await openInput(path), options.maxLineBytes)) {
      if (!pool) {
        const lines = decodeLineChunk(chunk)
        const sample = lines
          .map((line) => parseJsonLine(line, name))
          .find((parsed) => parsed !== undefined && !(parsed instanceof InvalidRecordError))
        if (!sample) {
          // No usable row yet to tell the source from: report this chunk's bad lines in order and read on.
          for (const line of lines) {
            const parsed = parseJsonLine(line, name)
            if (parsed instanceof InvalidRecordError) options.invalid.handle(parsed)
          }
          continue
        }
        pool = startPool(detectSource((sample as {value: Record<string, unknown>}).value, name))
      }
      sawRows = true
      const bytes = chunk.bytes ? new Uint8Array(chunk.bytes) : null
      pending.push(pool.run({...chunk, bytes}, bytes ? [bytes.buffer] : []))
      if (pending.length >= IN_FLIGHT_BATCHES) await consume(await pending.shift()!)
    }
    while (pending.length > 0) await consume(await pending.shift()!)
  } finally {
    await Promise.allSettled(pending)
    await pool?.close()
  }
  return sawRows
}

const IN_FLIGHT_BATCHES = 8

function reportSummary(summary: BuildSummary, reporter: Reporter): void {
  for (const [source, counts] of Object.entries(summary.bySource)) {
    reporter.info(
      `tasks build: ${source}: ${counts.records} tasks (${counts.withWebsite} with website, ${counts.withoutWebsite} without)`,
    )
  }
  reporter.info(
    `tasks build: wrote ${summary.written} tasks; ${summary.duplicatesMerged} duplicates merged; ` +
      `${summary.idCollisions} colliding ids disambiguated; ${summary.invalidSkipped} invalid records skipped` +
      (summary.conversionWorkers > 0 ? `; converted with ${summary.conversionWorkers} workers` : ''),
  )
}
