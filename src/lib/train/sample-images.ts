import {createHash} from 'node:crypto'
import {copyFile, link, mkdir, readFile} from 'node:fs/promises'
import {basename, extname, join} from 'node:path'
import {ExternalError, InputError} from '../errors.js'
import {locateScreenshot, screenshotNotFound, type ShotLocation} from '../judge/screenshot-images.js'
import {opt, optionText} from '../option-text.js'

const CONTENT_ADDRESSED = /^[0-9a-f]{64}\.(jpe?g|png|webp)$/i

/**
 * The screenshots a dataset references, each put once into `<out>/images/<name>`: hard-linked from the rollout's
 * store when they share a file system, copied otherwise. A store file keeps its content-addressed name; any other
 * file is named by the sha256 of its bytes, so two different files never share a name.
 */
export class SampleImages {
  private readonly placed = new Set<string>()
  private readonly names = new Map<string, Promise<string>>()
  private ready: Promise<unknown> | undefined

  constructor(readonly out: string) {}

  /** Distinct files the dataset references. */
  get count(): number {
    return this.placed.size
  }

  get dir(): string {
    return join(this.out, 'images')
  }

  /** The path of the screenshot in the dataset, relative to `out` (`images/<name>`). */
  add(shot: string, where: ShotLocation, owner: string): Promise<string> {
    const key = `${where.shots ?? ''}\u0000${where.inputDir}\u0000${shot}`
    let name = this.names.get(key)
    if (!name) {
      name = this.place(shot, where, owner)
      this.names.set(key, name)
    }
    return name
  }

  private async place(shot: string, where: ShotLocation, owner: string): Promise<string> {
    const source = await findShot(shot, where, owner)
    const name = CONTENT_ADDRESSED.test(basename(source))
      ? basename(source).toLowerCase()
      : `${createHash('sha256')
          .update(await readFile(source))
          .digest('hex')}${extname(source).toLowerCase() || '.jpg'}`
    this.ready ??= mkdir(this.dir, {recursive: true})
    await this.ready
    const target = join(this.dir, name)
    try {
      await link(source, target)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EXDEV' || code === 'EPERM' || code === 'ENOTSUP' || code === 'EMLINK')
        await copyFile(source, target).catch((cause) => fail(target, cause))
      else if (code !== 'EEXIST') fail(target, error)
    }
    this.placed.add(name)
    return `images/${name}`
  }
}

async function findShot(shot: string, where: ShotLocation, owner: string): Promise<string> {
  const found = await locateScreenshot(shot, where)
  if (found) return found
  const {message, hint} = screenshotNotFound(shot, where)
  throw new InputError(`${owner}: ${message}`, hint)
}

function fail(target: string, cause: unknown): never {
  throw new ExternalError(
    `cannot write ${target} (${(cause as NodeJS.ErrnoException).code ?? (cause as Error).message})`,
    optionText`check ${opt('out')} and the free disk space`,
    {cause},
  )
}
