import {mkdir, stat, writeFile} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import {UsageError} from '../cli/errors.js'
import {Progress} from '../cli/progress.js'
import type {Reporter} from '../cli/reporter.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import {readRecords} from '../io/read-records.js'
import {renderIndexPage} from './index-page.js'
import {ShotCopier} from './shot-copier.js'
import type {ShotView} from './step-view.js'
import {renderTrajectoryPage} from './trajectory-page.js'
import {indexRow, trajectoryPagePath, ViewedTrajectorySchema, type IndexRow} from './view-record.js'

export interface WriteReportOptions {
  inputs: readonly string[]
  /** The report folder: index.html, t/<n>.html, shots/. */
  outDir: string
  /** `--shots DIR`: where the records' screenshot paths are relative to (default: each input's folder, then its shots/). */
  shots?: string
  invalid: InvalidRecords
  maxLineBytes?: number
  reporter: Reporter
}

export interface ReportTally {
  pages: number
  imagesCopied: number
  imagesAlreadyThere: number
  imagesMissing: number
  invalidSkipped: number
}

/**
 * Writes a static HTML report of trajectories: each trajectory's page as soon as it is read (only its index row is
 * kept), its screenshots copied beside it, then the index with the summary charts.
 */
export async function writeReport(options: WriteReportOptions): Promise<ReportTally> {
  await assertFolders(options)
  await mkdir(join(options.outDir, 't'), {recursive: true})
  const copier = new ShotCopier({outDir: options.outDir, reporter: options.reporter})
  const rows: IndexRow[] = []
  const progress = new Progress({label: 'view', reporter: options.reporter})
  try {
    for await (const {record, location} of readRecords(options.inputs, {schema: ViewedTrajectorySchema, invalid: options.invalid, maxLineBytes: options.maxLineBytes})) {
      const n = rows.length + 1
      const where = {shots: options.shots, inputDir: location.file.startsWith('<') ? process.cwd() : dirname(location.file)}
      const shots: (ShotView | null)[] = []
      for (const step of record.steps) shots.push(step.screenshot === null ? null : await copier.view(step.screenshot, where))
      await writeFile(join(options.outDir, ...trajectoryPagePath(n).split('/')), renderTrajectoryPage(record, {n, shots}))
      rows.push(indexRow(record, n))
      progress.update({done: rows.length, failed: options.invalid.skipped})
    }
  } finally {
    progress.stop()
  }
  await writeFile(join(options.outDir, 'index.html'), renderIndexPage({rows}))
  return {
    pages: rows.length,
    imagesCopied: copier.copied,
    imagesAlreadyThere: copier.alreadyThere,
    imagesMissing: copier.missing,
    invalidSkipped: options.invalid.skipped,
  }
}

/** The stderr summary: what was written where. */
export function reportSummaryLine(tally: ReportTally, outDir: string): string {
  const parts = [
    `wrote ${join(outDir, 'index.html')} and ${count(tally.pages, 'trajectory page')}`,
    `${count(tally.imagesCopied, 'image')} copied${tally.imagesAlreadyThere > 0 ? ` (${tally.imagesAlreadyThere} already there)` : ''}`,
    `${count(tally.imagesMissing, 'image')} missing`,
  ]
  if (tally.invalidSkipped > 0) parts.push(`${count(tally.invalidSkipped, 'invalid record')} skipped`)
  return `view: ${parts.join(', ')}`
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}

async function assertFolders(options: WriteReportOptions): Promise<void> {
  const out = await kindOf(options.outDir)
  if (out === 'other') throw new UsageError(`--out ${options.outDir} is not a folder`, 'name a folder for the report; it is created when missing')
  if (options.shots !== undefined && (await kindOf(options.shots)) !== 'folder') {
    throw new UsageError(`--shots ${options.shots} is not a folder`, 'name the screenshot store rollout wrote to')
  }
}

async function kindOf(path: string): Promise<'missing' | 'folder' | 'other'> {
  try {
    return (await stat(path)).isDirectory() ? 'folder' : 'other'
  } catch {
    return 'missing'
  }
}
