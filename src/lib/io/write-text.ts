import {mkdir, writeFile} from 'node:fs/promises'
import {dirname} from 'node:path'
import {promisify} from 'node:util'
import {gzip} from 'node:zlib'

const gzipAsync = promisify(gzip)

/** Writes a small text result (a report, a schema) to stdout or a file (gzip-compressed when it ends in .gz). */
export async function writeText(text: string, path?: string): Promise<void> {
  if (path && path !== '-') {
    await mkdir(dirname(path), {recursive: true})
    await writeFile(path, path.endsWith('.gz') ? await gzipAsync(text) : text)
    return
  }
  if (!process.stdout.write(text)) await new Promise((resolve) => process.stdout.once('drain', resolve))
}
