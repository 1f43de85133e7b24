import {mkdir, readdir, rm, stat, writeFile} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import {UsageError} from '../errors.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import {readRecords} from '../io/read-records.js'
import {opt, optionText} from '../option-text.js'
import {Progress} from '../report/progress.js'
import type {Reporter} from '../report/reporter.js'
import {renderIndexPage} from './index-page.js'
import {ShotCopier} from './shot-copier.js'
import type {ShotView} from './step-view.js'
import {renderTrajectoryPage} from './trajectory-page.js'
import {indexRow, trajectoryPagePath, ViewedTrajectorySchema, type IndexRow} from './view-record.js'

export interface WriteReportOptions {
  inputs: readonly string[]
  /** The report folder: index.html, t/<n>.html, shots/. */
  outDir: string
  /** Where the records' screenshot paths are relative to (default: each input's folder, then its shots/). */
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
  const outWasMissing = (await assertFolders(options)) === 'missing'
  await mkdir(join(options.outDir, 't'), {recursive: true})
  try {
    return await writePages(options)
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

async function writePages(options: WriteReportOptions): Promise<ReportTally> {
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

/** Refuses a report folder that is a file and a screenshot store that is not a folder; says whether the report folder is new. */
async function assertFolders(options: WriteReportOptions): Promise<'missing' | 'folder'> {
  const out = await kindOf(options.outDir)
  if (out === 'other') throw new UsageError(optionText`${opt('out')} ${options.outDir} is not a folder`, 'name a folder for the report; it is created when missing')
  if (options.shots !== undefined && (await kindOf(options.shots)) !== 'folder') {
    throw new UsageError(optionText`${opt('shots')} ${options.shots} is not a folder`, 'name the screenshot store rollout wrote to')
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
