import {readFile, readdir, stat} from 'node:fs/promises'
import {join} from 'node:path'
import {z} from 'zod'
import {InputError} from '../../errors.js'
import {opt, optionText} from '../../option-text.js'
import {FIXTURE_DOMAIN} from '../catalog.js'
import {assignLabels} from './page-label.js'

// A corpus of saved pages, each a website of the fixture web at `<label>.pages.webgym.test`. Two layouts are read:
// Readability's test pages (`<name>/source.html` with `<name>/expected-metadata.json`) and a plain folder of
// `<name>.html` files (served, but without metadata there is nothing to ask about them).

export const PAGES_DOMAIN = `pages.${FIXTURE_DOMAIN}`

/** What Readability reads from a page; a field is null (or absent) where the page has none. */
export const PageMetadataSchema = z.looseObject({
  title: z.string().nullish(),
  byline: z.string().nullish(),
  siteName: z.string().nullish(),
  publishedTime: z.string().nullish(),
  excerpt: z.string().nullish(),
  lang: z.string().nullish(),
  dir: z.string().nullish(),
})

export type PageMetadata = z.infer<typeof PageMetadataSchema>

export interface SavedPage {
  /** The page's name in the corpus: its folder's, or its file's without `.html`. */
  name: string
  /** Its host name's first label (`pageLabel`). */
  label: string
  /** `<label>.pages.webgym.test` */
  host: string
  /** The saved HTML. */
  file: string
  /** Readability's metadata of the page, or null when the corpus has none for it. */
  metadata: PageMetadata | null
}

/** True for a URL on one of the saved pages' hosts. */
export function isPagesUrl(url: string | null | undefined): boolean {
  if (!url) return false
  try {
    return new URL(url).hostname.toLowerCase().endsWith(`.${PAGES_DOMAIN}`)
  } catch {
    return false
  }
}

/** The pages of a corpus folder, in name order, with their host names. */
export async function loadPageCorpus(dir: string): Promise<SavedPage[]> {
  let entries
  try {
    entries = await readdir(dir, {withFileTypes: true})
  } catch (error) {
    throw new InputError(
      optionText`cannot read the ${opt('pages')} folder ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      'give a folder of saved pages: <name>/source.html (with expected-metadata.json) or <name>.html files',
      {cause: error},
    )
  }
  const found: Omit<SavedPage, 'label' | 'host'>[] = []
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, entry.name)
    if (entry.isDirectory() || (entry.isSymbolicLink() && (await isDirectory(path)))) {
      const file = join(path, 'source.html')
      if (!(await isFile(file))) continue
      found.push({name: entry.name, file, metadata: await readMetadata(join(path, 'expected-metadata.json'))})
    } else if (/\.html?$/i.test(entry.name)) {
      found.push({name: entry.name.replace(/\.html?$/i, ''), file: path, metadata: null})
    }
  }
  if (found.length === 0)
    throw new InputError(
      optionText`the ${opt('pages')} folder ${dir} holds no pages`,
      'expected <name>/source.html folders (Readability’s layout) or <name>.html files',
    )
  let labels: Map<string, string>
  try {
    labels = assignLabels(found.map((page) => page.name))
  } catch (error) {
    throw new InputError(`${dir}: ${(error as Error).message}`)
  }
  return found.map((page) => {
    const label = labels.get(page.name)!
    return {...page, label, host: `${label}.${PAGES_DOMAIN}`}
  })
}

async function readMetadata(file: string): Promise<PageMetadata | null> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw new InputError(`cannot read ${file}: ${(error as Error).message}`, undefined, {cause: error})
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new InputError(`${file} is not JSON: ${(error as Error).message}`, 'fix or remove the file')
  }
  const parsed = PageMetadataSchema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new InputError(
      `${file}: ${issue.path.join('.') || 'the file'}: ${issue.message}`,
      'expected an object of title, byline, siteName, publishedTime (strings or null)',
    )
  }
  return parsed.data
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() ?? false
}
