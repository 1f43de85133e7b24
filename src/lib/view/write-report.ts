import {mkdir, readdir, rm, stat, writeFile} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import {readTestTaskIds, splitSide} from '../eval/test-tasks.js'
import {UsageError} from '../errors.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import {readRecords} from '../io/read-records.js'
import {opt, optionText} from '../option-text.js'
import {Progress} from '../report/progress.js'
import type {Reporter} from '../report/reporter.js'
import {BoundedWrites} from './bounded-writes.js'
import {ChunkWriter} from './chunk-writer.js'
import {RunPairing} from './compare-data.js'
import {comparePagePath, renderComparePage} from './compare-page.js'
import {compareDataset, CompareTable} from './compare-table.js'
import {renderIndexPage, type ComparisonLink} from './index-page.js'
import {IndexTable} from './index-table.js'
import {REPORT_STYLE, STYLESHEET_FILE} from './page-shell.js'
import {RunTallies} from './report-tally.js'
import {reportRuns, type ReportRun} from './report-runs.js'
import {ShotCopier} from './shot-copier.js'
import type {ShotView} from './step-view.js'
import {renderTrajectoryPage} from './trajectory-page.js'
import {indexRow, trajectoryPagePath, ViewedTrajectorySchema} from './view-record.js'

export interface WriteReportOptions {
  /** Each input is one run (stdin when none). */
  inputs: readonly string[]
  /** The runs' names, in input order (default: their file names). */
  names?: readonly string[]
  /** The test side of the split (tasks): a split facet, filter and chart; every other task is train. */
  test?: string
  /** The report folder: index.html, t/<n>.html, data/, shots/, compare-<a>-<b>.html. */
  outDir: string
  /** Where the records' screenshot paths are relative to (default: each input's folder, then its shots/). */
  shots?: string
  /** Labelling mode: pages to mark trajectories and facts, and an export for judge eval --labels. */
  label?: boolean
  /** Resamples and seed of the comparison pages' paired bootstrap. */
  bootstrapSamples?: number
  seed?: number
  invalid: InvalidRecords
  maxLineBytes?: number
  reporter: Reporter
}

export interface ReportTally {
  pages: number
  comparisons: number
  imagesCopied: number
  imagesAlreadyThere: number
  imagesMissing: number
  invalidSkipped: number
}

/** Trajectory pages written at once while records stream in. */
const WRITES_IN_FLIGHT = 32
export const DEFAULT_BOOTSTRAP_SAMPLES = 1000

/**
 * Writes a static HTML report of trajectories: each trajectory's page as soon as it is read, its screenshots copied
 * beside it, and its index row into the row chunks (only the charts' counts, and for several runs each task's first
 * attempt, are kept); then the comparison pages and the index.
 */
export async function writeReport(options: WriteReportOptions): Promise<ReportTally> {
  const runs = reportRuns(options.inputs, options.names)
  const outWasMissing = (await assertFolders(options)) === 'missing'
  const testTasks =
    options.test === undefined
      ? null
      : await readTestTaskIds(options.test, {invalid: options.invalid, maxLineBytes: options.maxLineBytes})
  await mkdir(join(options.outDir, 't'), {recursive: true})
  try {
    return await writePages(options, runs, testTasks)
  } catch (error) {
    // A run that fails (records that are not trajectories, say) leaves no empty report folder behind.
    if (outWasMissing) await removeIfNoPages(options.outDir)
    throw error
  }
}

async function removeIfNoPages(outDir: string): Promise<void> {
  const pages = await readdir(join(outDir, 't')).catch(() => [])
  if (pages.length === 0) await rm(outDir, {recursive: true, force: true})
}

async function writePages(
  options: WriteReportOptions,
  runs: readonly ReportRun[],
  testTasks: ReadonlySet<string> | null,
): Promise<ReportTally> {
  const {outDir} = options
  const label = options.label === true
  const copier = new ShotCopier({outDir, reporter: options.reporter})
  const table = new IndexTable({runs, split: testTasks !== null, label})
  const chunks = new ChunkWriter({outDir, dataset: 'rows'})
  const tallies = new RunTallies(runs)
  const pairing = runs.length > 1 ? new RunPairing(runs) : null
  const pages = new BoundedWrites(WRITES_IN_FLIGHT)
  const progress = new Progress({label: 'view', reporter: options.reporter})
  let n = 0
  try {
    for (const [r, run] of runs.entries()) {
      for await (const {record, location} of readRecords([run.file], {
        schema: ViewedTrajectorySchema,
        invalid: options.invalid,
        maxLineBytes: options.maxLineBytes,
      })) {
        n++
        const where = {
          shots: options.shots,
          inputDir: location.file.startsWith('<') ? process.cwd() : dirname(location.file),
        }
        const shots: (ShotView | null)[] = []
        for (const step of record.steps)
          shots.push(step.screenshot === null ? null : await copier.view(step.screenshot, where))
        const markedShots: (ShotView | null)[] = []
        for (const step of record.steps)
          markedShots.push(
            step.observation?.marked_screenshot ? await copier.view(step.observation.marked_screenshot, where) : null,
          )
        const page = renderTrajectoryPage(record, {n, shots, markedShots, run: runs.length > 1 ? run : null, label})
        await pages.write(join(outDir, ...trajectoryPagePath(n).split('/')), page)
        const row = indexRow(record, n, {
          run: r,
          split: testTasks === null ? null : splitSide(record.task.id, testTasks),
        })
        await chunks.add(table.encode(row))
        tallies.add(row)
        pairing?.add(row)
        progress.update({done: n, failed: options.invalid.skipped})
      }
    }
    await pages.flush()
  } finally {
    progress.stop()
  }
  await writeFile(join(outDir, STYLESHEET_FILE), REPORT_STYLE)
  const comparisons = pairing ? await writeComparisons(options, runs, pairing, testTasks !== null) : []
  const meta = table.meta(await chunks.finish())
  await writeFile(
    join(outDir, 'index.html'),
    renderIndexPage({meta, runs, tally: tallies, split: testTasks !== null, comparisons}),
  )
  return {
    pages: n,
    comparisons: comparisons.length,
    imagesCopied: copier.copied,
    imagesAlreadyThere: copier.alreadyThere,
    imagesMissing: copier.missing,
    invalidSkipped: options.invalid.skipped,
  }
}

// Every pair of runs, the later (B) against the earlier (A), as `webgym eval` compares them: compare-<a>-<b>.html and
// its row chunks.
async function writeComparisons(
  options: WriteReportOptions,
  runs: readonly ReportRun[],
  pairing: RunPairing,
  split: boolean,
): Promise<ComparisonLink[]> {
  const bootstrap = {samples: options.bootstrapSamples ?? DEFAULT_BOOTSTRAP_SAMPLES, seed: options.seed ?? 0}
  const links: ComparisonLink[] = []
  for (let a = 0; a < runs.length; a++) {
    for (let b = a + 1; b < runs.length; b++) {
      const comparison = pairing.compare(a, b, {bootstrapSamples: bootstrap.samples, seed: bootstrap.seed})
      const dataset = compareDataset(a + 1, b + 1)
      const table = new CompareTable(comparison, {split, dataset})
      const chunks = new ChunkWriter({outDir: options.outDir, dataset})
      for (const row of comparison.rows) await chunks.add(table.encode(row))
      const path = comparePagePath(a + 1, b + 1)
      await writeFile(
        join(options.outDir, path),
        renderComparePage({comparison, meta: table.meta(await chunks.finish()), bootstrap}),
      )
      links.push({href: path, title: `${runs[b]!.name} vs ${runs[a]!.name}`})
    }
  }
  return links
}

/** The stderr summary: what was written where. */
export function reportSummaryLine(tally: ReportTally, outDir: string): string {
  const parts = [
    `wrote ${join(outDir, 'index.html')} and ${count(tally.pages, 'trajectory page')}`,
    `${count(tally.imagesCopied, 'image')} copied${tally.imagesAlreadyThere > 0 ? ` (${tally.imagesAlreadyThere} already there)` : ''}`,
    `${count(tally.imagesMissing, 'image')} missing`,
  ]
  if (tally.comparisons > 0) parts.push(`${count(tally.comparisons, 'comparison page')}`)
  if (tally.invalidSkipped > 0) parts.push(`${count(tally.invalidSkipped, 'invalid record')} skipped`)
  return `view: ${parts.join(', ')}`
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}

/** Refuses a report folder that is a file and a screenshot store that is not a folder; says whether the report folder is new. */
async function assertFolders(options: WriteReportOptions): Promise<'missing' | 'folder'> {
  const out = await kindOf(options.outDir)
  if (out === 'other')
    throw new UsageError(
      optionText`${opt('output')} ${options.outDir} is not a folder`,
      'name a folder for the report; it is created when missing',
    )
  if (options.shots !== undefined && (await kindOf(options.shots)) !== 'folder') {
    throw new UsageError(
      optionText`${opt('shots')} ${options.shots} is not a folder`,
      'name the screenshot store rollout wrote to',
    )
  }
  return out
}

async function kindOf(path: string): Promise<'missing' | 'folder' | 'other'> {
  try {
    return (await stat(path)).isDirectory() ? 'folder' : 'other'
  } catch {
    return 'missing'
  }
}
