import {createHash} from 'node:crypto'
import {copyFile, mkdir, rename, rm, stat} from 'node:fs/promises'
import {dirname, extname, isAbsolute, join, posix} from 'node:path'
import {screenshotCandidates, type ShotLocation} from '../judge/screenshot-images.js'
import {opt, optionText} from '../option-text.js'
import type {Reporter} from '../report/reporter.js'
import type {ShotView} from './step-view.js'

/** Where a record's screenshot path lands under the report's shots/ folder (a path relative to it, with /). */
export function shotDestination(path: string): string {
  const normal = posix.normalize(path.replaceAll('\\', '/'))
  if (
    !isAbsolute(path) &&
    !posix.isAbsolute(normal) &&
    normal !== '..' &&
    !normal.startsWith('../') &&
    !/^[a-z]:/i.test(normal)
  )
    return normal
  // An absolute or escaping path keeps its extension under a name derived from the whole path.
  return `external/${createHash('sha256').update(path).digest('hex').slice(0, 16)}${extname(normal).toLowerCase()}`
}

/** The URL of a copied screenshot as written in a trajectory page (t/<n>.html), each path segment escaped. */
export function shotHref(destination: string): string {
  return `../shots/${destination.split('/').map(encodeURIComponent).join('/')}`
}

/**
 * Copies the screenshots a report shows into its shots/ folder, once each: one already there (from an earlier
 * report into the same folder) is kept as it is; one that cannot be found is a warning, once per path, and its
 * steps show a placeholder.
 */
export class ShotCopier {
  copied = 0
  alreadyThere = 0
  missing = 0
  // Destinations settled in this run (copied, found there, or missing), so a screenshot shared by steps counts once.
  private readonly settled = new Map<string, ShotView>()
  private readonly folders = new Set<string>()

  constructor(private readonly options: {outDir: string; reporter: Reporter}) {}

  async view(path: string, where: ShotLocation): Promise<ShotView> {
    const destination = shotDestination(path)
    const known = this.settled.get(destination)
    if (known) return known
    const view = await this.settle(path, destination, where)
    this.settled.set(destination, view)
    return view
  }

  private async settle(path: string, destination: string, where: ShotLocation): Promise<ShotView> {
    const target = join(this.options.outDir, 'shots', ...destination.split('/'))
    if (await isFile(target)) {
      this.alreadyThere++
      return {href: shotHref(destination)}
    }
    const candidates = screenshotCandidates(path, where)
    const problems: string[] = []
    for (const candidate of candidates) {
      try {
        await this.copy(candidate, target)
        this.copied++
        return {href: shotHref(destination)}
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code !== 'ENOENT') problems.push(`${candidate}: ${code ?? (error as Error).message}`)
      }
    }
    this.missing++
    const why =
      problems.length > 0 ? `cannot read it (${problems.join('; ')})` : `not found (looked at ${candidates.join(', ')})`
    const hint = where.shots
      ? optionText`check ${opt('shots')}`
      : optionText`pass ${opt('shots')} DIR, the store rollout wrote them to`
    this.options.reporter.warn(optionText`screenshot ${path} ${why}: its steps show a placeholder (${hint})`)
    return {missing: `Screenshot not found: ${path}`}
  }

  // Through a temporary name, so an interrupted run never leaves a half image that a rerun would take as copied.
  private async copy(source: string, target: string): Promise<void> {
    const folder = dirname(target)
    if (!this.folders.has(folder)) {
      await mkdir(folder, {recursive: true})
      this.folders.add(folder)
    }
    const partial = `${target}.partial-${process.pid}`
    try {
      await copyFile(source, partial)
      await rename(partial, target)
    } catch (error) {
      await rm(partial, {force: true})
      throw error
    }
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}
