import {mkdir, writeFile} from 'node:fs/promises'
import {join} from 'node:path'

// A report table's rows, written beside the page as it streams in: data/<dataset>-<k>.js files of at most maxRows
// rows and about maxBytes each. They are scripts (webgymRows(dataset, k, rows)) rather than JSON because a page
// opened from disk (file://) may load scripts beside it but may not fetch files.

export const CHUNK_MAX_BYTES = 192 * 1024
export const CHUNK_MAX_ROWS = 2000

/** The chunk file k of a dataset, relative to the report folder. */
export function chunkPath(dataset: string, k: number): string {
  return `data/${dataset}-${k}.js`
}

export class ChunkWriter {
  /** Rows in each chunk written. */
  readonly chunks: number[] = []
  private rows: string[] = []
  private bytes = 0
  private folderMade = false

  constructor(private readonly options: {outDir: string; dataset: string; maxBytes?: number; maxRows?: number}) {}

  async add(row: readonly unknown[]): Promise<void> {
    const json = JSON.stringify(row)
    this.rows.push(json)
    this.bytes += Buffer.byteLength(json) + 2
    if (
      this.bytes >= (this.options.maxBytes ?? CHUNK_MAX_BYTES) ||
      this.rows.length >= (this.options.maxRows ?? CHUNK_MAX_ROWS)
    )
      await this.flush()
  }

  /** Writes the last chunk; returns the rows in each. */
  async finish(): Promise<number[]> {
    if (this.rows.length > 0) await this.flush()
    return this.chunks
  }

  private async flush(): Promise<void> {
    const k = this.chunks.length
    if (!this.folderMade) {
      await mkdir(join(this.options.outDir, 'data'), {recursive: true})
      this.folderMade = true
    }
    const body = `webgymRows(${JSON.stringify(this.options.dataset)},${k},[\n${this.rows.join(',\n')}\n]);\n`
    await writeFile(join(this.options.outDir, ...chunkPath(this.options.dataset, k).split('/')), body)
    this.chunks.push(this.rows.length)
    this.rows = []
    this.bytes = 0
  }
}
