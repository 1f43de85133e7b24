import {createWriteStream} from 'node:fs'
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {pipeline} from 'node:stream/promises'
import {ExternalError} from '../errors.js'
import {openInput, STDIN} from './open-input.js'

// A copy of stdin on disk, for commands that must read their input twice; `remove` deletes it.
export interface Spool {
  path: string
  remove(): Promise<void>
}

/**
 * Copies stdin (gunzipped when it is gzip) to a private temporary file, so a two-pass command can re-read it
 * without holding it in memory. Gzip errors still name `<stdin>`. The caller must call `remove`.
 */
export async function spoolStdin(): Promise<Spool> {
  const dir = await mkdtemp(join(tmpdir(), 'webgym-spool-'))
  const remove = () => rm(dir, {recursive: true, force: true})
  const path = join(dir, 'stdin.ndjson')
  try {
    const input = await openInput(STDIN)
    await pipeline(input, createWriteStream(path))
  } catch (error) {
    await remove()
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOSPC' || code === 'EACCES' || code === 'EDQUOT') {
      throw new ExternalError(
        `cannot copy stdin to ${dir} (${code})`,
        'free some space, or point TMPDIR at a larger disk',
        {cause: error},
      )
    }
    throw error
  }
  return {path, remove}
}
