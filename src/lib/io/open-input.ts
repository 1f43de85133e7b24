import {createReadStream} from 'node:fs'
import {stat} from 'node:fs/promises'
import {PassThrough, type Readable} from 'node:stream'
import {createGunzip} from 'node:zlib'
import {InputError} from '../errors.js'

export const STDIN = '-'

/** How an input is named in messages: the path, or `<stdin>`. */
export function displayName(path: string): string {
  return path === STDIN ? '<stdin>' : path
}

/**
 * Opens a file or stdin (`-`) as a byte stream, gunzipping transparently when the content starts with the gzip
 * magic bytes, whatever the name. A gzip stream cut short fails with an InputError naming the file.
 */
export async function openInput(path: string): Promise<Readable> {
  const name = displayName(path)
  if (path !== STDIN) await assertReadableFile(path)
  const raw = path === STDIN ? process.stdin : createReadStream(path, {highWaterMark: 1 << 20})
  const head = await peek(raw)
  if (!head || head.length < 2 || head[0] !== 0x1f || head[1] !== 0x8b) return raw
  const gunzip = createGunzip()
  const out = new PassThrough({highWaterMark: 1 << 20})
  const fail = (error: Error) => {
    const truncated = /unexpected end/i.test(error.message) || (error as NodeJS.ErrnoException).code === 'Z_BUF_ERROR'
    const problem = truncated ? 'gzip data is cut short' : `gzip data is corrupt (${error.message})`
    out.destroy(new InputError(`${name}: ${problem}`, 'the file was truncated or damaged; write or download it again'))
  }
  raw.on('error', (error: Error) => out.destroy(error))
  gunzip.on('error', fail)
  raw.pipe(gunzip).pipe(out)
  return out
}

/** Fails with one line naming the path when it is missing, unreadable or a directory. */
export async function assertReadableFile(path: string): Promise<void> {
  let isDirectory: boolean
  try {
    isDirectory = (await stat(path)).isDirectory()
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : String(code ?? error)
    throw new InputError(`${path}: cannot read input (${why})`, 'check the path')
  }
  if (isDirectory) throw new InputError(`${path}: is a directory, expected a file`, 'name a file inside it')
}

/** Reads the first chunk of a stream and puts it back, so the caller can look at the first bytes. */
export function peek(stream: Readable): Promise<Buffer | null> {
  // An empty input has ended by the second look, and 'end' does not fire twice.
  if (stream.readableEnded) return Promise.resolve(null)
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      stream.off('readable', onReadable)
      stream.off('end', onEnd)
      stream.off('error', onError)
    }
    const onReadable = () => {
      cleanup()
      const chunk = stream.read() as Buffer | null
      if (chunk) stream.unshift(chunk)
      resolve(chunk)
    }
    const onEnd = () => {
      cleanup()
      resolve(null)
    }
    const onError = (error: Error) => {
      cleanup()
      reject(error)
    }
    stream.on('readable', onReadable)
    stream.on('end', onEnd)
    stream.on('error', onError)
  })
}
