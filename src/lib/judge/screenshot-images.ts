import {readFile, stat} from 'node:fs/promises'
import {isAbsolute, join} from 'node:path'
import sharp from 'sharp'
import {opt, optionKeys, optionText, renderText, type OptionNames, type Text} from '../option-text.js'

/** Where a trajectory's screenshot paths are resolved: the `shots` folder, else the input file's folder (and its shots/). */
export interface ShotLocation {
  /** The screenshot store: the only place looked at. */
  shots?: string
  /** The folder of the input file (the working directory for stdin). */
  inputDir: string
}

/** A screenshot the judge cannot read: judging the trajectory fails (reward 0 with this reason). */
export class MissingScreenshotError extends Error {}

/** The candidate files for a screenshot path, in the order they are tried. */
export function screenshotCandidates(path: string, where: ShotLocation): string[] {
  if (isAbsolute(path)) return [path]
  if (where.shots) return [join(where.shots, path)]
  // rollout's default store is ./shots, and records name files relative to the store.
  return [join(where.inputDir, path), join(where.inputDir, 'shots', path)]
}

/** The first candidate file of a screenshot that exists, or undefined. */
export async function locateScreenshot(path: string, where: ShotLocation): Promise<string | undefined> {
  for (const candidate of screenshotCandidates(path, where)) {
    try {
      if ((await stat(candidate)).isFile()) return candidate
    } catch {
      // the next candidate
    }
  }
  return undefined
}

/** What to say when a screenshot is nowhere to be found: the message (naming where it looked) and the hint. */
export function screenshotNotFound(path: string, where: ShotLocation): {message: string; hint: Text} {
  return {
    message: `screenshot ${path} not found (looked at ${screenshotCandidates(path, where).join(', ')})`,
    hint: where.shots
      ? optionText`check ${opt('shots')}`
      : optionText`pass ${opt('shots')} DIR (the store rollout wrote them to)`,
  }
}

/**
 * Reads screenshots and turns them into JPEG data URLs no wider than the model needs (never enlarged; a picture
 * already small enough is sent as it is). Each (file, width) is read and resized once per reader.
 */
export class ScreenshotReader {
  private readonly urls = new Map<string, Promise<string>>()

  /** `names`: how a missing screenshot's hint names options (it becomes the judgment's error). */
  constructor(
    private readonly where: ShotLocation,
    private readonly names: OptionNames = optionKeys,
  ) {}

  dataUrl(path: string, maxWidth: number): Promise<string> {
    const key = `${maxWidth}\u0000${path}`
    let url = this.urls.get(key)
    if (!url) {
      url = this.load(path, maxWidth)
      this.urls.set(key, url)
    }
    return url
  }

  private async load(path: string, maxWidth: number): Promise<string> {
    const bytes = await this.read(path)
    try {
      const image = sharp(bytes, {failOn: 'error'})
      const {width, format} = await image.metadata()
      if (width !== undefined && width <= maxWidth && (format === 'jpeg' || format === 'png')) {
        return `data:image/${format};base64,${bytes.toString('base64')}`
      }
      const resized = await image.resize({width: maxWidth, withoutEnlargement: true}).jpeg({quality: 80}).toBuffer()
      return `data:image/jpeg;base64,${resized.toString('base64')}`
    } catch (error) {
      throw new MissingScreenshotError(`screenshot ${path} is not a readable image (${(error as Error).message})`)
    }
  }

  private async read(path: string): Promise<Buffer> {
    const found = await locateScreenshot(path, this.where)
    if (!found) {
      const {message, hint} = screenshotNotFound(path, this.where)
      throw new MissingScreenshotError(`${message}: ${renderText(hint, this.names)}`)
    }
    try {
      return await readFile(found)
    } catch (error) {
      throw new MissingScreenshotError(
        `cannot read screenshot ${found} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      )
    }
  }
}
