import {createReadStream, createWriteStream} from 'node:fs'
import {open, rename, stat} from 'node:fs/promises'
import {once} from 'node:events'
import {createGunzip, gzipSync} from 'node:zlib'
import {dropPartialLastLine} from './resume.js'

/** Says, in one line, what preparing a resume file had to drop (a torn last line, a cut-short gzip tail). */
export type ResumeNote = (text: string) => void

/**
 * Makes a `--resume` file whole before it is read and appended to. A plain file loses a last line a crash cut short;
 * a gzip file (as RecordWriter writes them: one complete member per flush) is read up to its last whole record and,
 * when its end was cut short, written again as those records, so that what is appended follows a whole member.
 * Either way `note` is told what was dropped. Returns whether the file is gzip (false when it does not exist).
 */
export async function prepareResumeFile(path: string, note: ResumeNote): Promise<boolean> {
  let size: number
  try {
    size = (await stat(path)).size
  } catch {
    return false
  }
  if (!(await startsWithGzipMagic(path))) {
    const dropped = await dropPartialLastLine(path, size)
    if (dropped > 0)
      note(`${path}: its last line (${dropped} bytes) was cut short, not a whole record: dropped, to be done again`)
    return false
  }
  const {text, cutShort} = await readGzipTolerantly(path)
  const end = text.lastIndexOf('\n') + 1
  const torn = text.length - end
  if (!cutShort && torn === 0) return true
  const kept = text.slice(0, end)
  await replaceWith(path, kept.length > 0 ? gzipSync(kept) : Buffer.alloc(0))
  const records = kept.length === 0 ? 0 : kept.split('\n').length - 1
  note(
    `${path}: gzip data cut short; read ${records} whole records up to the cut${torn > 0 ? ` and dropped a partial one (${torn} bytes)` : ''}, the rest to be done again`,
  )
  return true
}

/** Rewrites a resume file with the given lines, gzip-compressed when it was. */
export async function rewriteResumeFile(path: string, lines: readonly string[], gzip: boolean): Promise<void> {
  if (gzip) return replaceWith(path, gzipSync(lines.map((line) => `${line}\n`).join('')))
  const temporary = `${path}.resume.tmp`
  const out = createWriteStream(temporary)
  for (const line of lines) if (!out.write(`${line}\n`)) await once(out, 'drain')
  out.end()
  await once(out, 'close')
  await rename(temporary, path)
}

async function replaceWith(path: string, bytes: Uint8Array): Promise<void> {
  const temporary = `${path}.resume.tmp`
  const handle = await open(temporary, 'w')
  try {
    await handle.writeFile(bytes)
    await handle.sync()
  } finally {
    await handle.close()
  }
  await rename(temporary, path)
}

async function startsWithGzipMagic(path: string): Promise<boolean> {
  const handle = await open(path, 'r')
  try {
    const head = Buffer.alloc(2)
    const {bytesRead} = await handle.read(head, 0, 2, 0)
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b
  } finally {
    await handle.close()
  }
}

/** All the text a gzip file gives before its end or the point where it was cut short. */
async function readGzipTolerantly(path: string): Promise<{text: string; cutShort: boolean}> {
  const chunks: Buffer[] = []
  const gunzip = createGunzip()
  gunzip.on('data', (chunk: Buffer) => chunks.push(chunk))
  const finished = new Promise<boolean>((resolve) => {
    gunzip.once('end', () => resolve(false))
    gunzip.once('error', () => resolve(true))
  })
  createReadStream(path).pipe(gunzip)
  const cutShort = await finished
  return {text: Buffer.concat(chunks).toString('utf8'), cutShort}
}
