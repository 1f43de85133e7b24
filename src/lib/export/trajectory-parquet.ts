import {readFile} from 'node:fs/promises'
import {dirname} from 'node:path'
import {ExternalError, formatLocation, InputError, type RecordLocation} from '../errors.js'
import {writeText} from '../io/write-text.js'
import {locateScreenshot, screenshotNotFound} from '../judge/screenshot-images.js'
import {WEBGYM_VERSION} from '../version.js'
import type {CardTarget} from './dataset-card.js'
import {ParquetFileWriter} from './parquet-file-writer.js'
import {parquetOutput} from './parquet-output.js'
import {trajectoryColumns, type TrajectoryLayout} from './trajectory-columns.js'
import {TrajectoryCard} from './trajectory-card.js'
import {trajectoryRows, type ScreenshotImage, type TrajectoryRecord} from './trajectory-rows.js'

export interface TrajectoryParquetOptions extends TrajectoryLayout {
  /** The screenshot store the records' paths are relative to (bytes): else the input file's folder or its shots/. */
  shots?: string
  /** A dataset card to write beside the file. */
  card?: CardTarget | null
}

/**
 * Judged trajectories as a parquet file (and its dataset card): one row per trajectory or per step, screenshots as
 * store paths or as the image files' bytes. Written whole or not at all.
 */
export class TrajectoryParquetWriter {
  private readonly tally: TrajectoryCard

  private constructor(
    private readonly file: ParquetFileWriter,
    private readonly options: TrajectoryParquetOptions,
  ) {
    this.tally = new TrajectoryCard(options)
  }

  static async open(output: string | undefined, options: TrajectoryParquetOptions): Promise<TrajectoryParquetWriter> {
    const file = await ParquetFileWriter.open(parquetOutput(output), {columns: trajectoryColumns(options)})
    return new TrajectoryParquetWriter(file, options)
  }

  /** Rows taken so far. */
  get rows(): number {
    return this.file.count
  }

  /** Writes one judged trajectory, given as its (valid) NDJSON line, read from `location`. */
  async write(line: string, location: RecordLocation): Promise<void> {
    const record = JSON.parse(line) as TrajectoryRecord
    const image = this.options.images === 'bytes' ? screenshotImage(this.options.shots, location) : null
    for (const row of await trajectoryRows(record, this.options, image)) await this.file.write(row)
    this.tally.add(record)
  }

  /** Completes the file, then writes the card. */
  async close(): Promise<void> {
    await this.file.close()
    const card = this.options.card
    if (card)
      await writeText(
        this.tally.render({dataFile: card.dataFile, title: card.title, rows: this.rows, webgymVersion: WEBGYM_VERSION}),
        card.path,
      )
  }

  abandon(): Promise<void> {
    return this.file.abandon()
  }
}

/** Reads a step's screenshot for `--images bytes`, resolved as judge and train resolve them. */
function screenshotImage(shots: string | undefined, location: RecordLocation): ScreenshotImage {
  const where = {shots, inputDir: location.file.startsWith('<') ? process.cwd() : dirname(location.file)}
  return async (path, step) => {
    const found = await locateScreenshot(path, where)
    if (!found) {
      const {message, hint} = screenshotNotFound(path, where)
      throw new InputError(`${formatLocation(location)}: step ${step}: ${message}`, hint)
    }
    try {
      return {bytes: await readFile(found), path}
    } catch (error) {
      throw new ExternalError(
        `${formatLocation(location)}: step ${step}: cannot read screenshot ${found} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
        'check the file and its permissions',
      )
    }
  }
}
