import {createHash, randomBytes} from 'node:crypto'
import {mkdir, rename, stat, writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import {ExternalError} from '../errors.js'
import {opt, optionText} from '../option-text.js'

/**
 * A content-addressed store of binary artefacts (screenshots): `<dir>/<sha256>.<ext>`, referenced from records by
 * that relative name. A file is written once, under a temporary name then renamed, so a crash never leaves a
 * truncated image behind a valid name, and the same image seen twice costs one file.
 */
export class ArtefactStore {
  private readonly known = new Set<string>()
  private ready: Promise<void> | undefined

  constructor(readonly dir: string) {}

  /** Stores the bytes and returns their name relative to the store. */
  async put(bytes: Uint8Array, extension: string): Promise<string> {
    const name = `${createHash('sha256').update(bytes).digest('hex')}.${extension}`
    if (this.known.has(name)) return name
    this.ready ??= mkdir(this.dir, {recursive: true}).then(() => undefined)
    await this.ready
    const path = join(this.dir, name)
    try {
      if (!(await exists(path))) {
        const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`
        await writeFile(temporary, bytes)
        await rename(temporary, path)
      }
    } catch (error) {
      throw new ExternalError(
        `${this.dir}: cannot store an artefact (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
        optionText`check the directory given with ${opt('shots')} and the free disk space`,
      )
    }
    this.known.add(name)
    return name
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path)
    return true
  } catch {
    return false
  }
}
