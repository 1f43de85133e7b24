import {createHash} from 'node:crypto'

// Each saved page is a website of its own, `<label>.pages.webgym.test`: its name made a DNS label.

/** The longest DNS label (RFC 1035). */
const MAX_LABEL = 63
const HASH_LENGTH = 6

/**
 * A page's name as a DNS label: lower case, accents dropped, every run of other characters than a-z and 0-9 one
 * hyphen, no hyphen at either end (`Le Monde_1` -> `le-monde-1`); `page` when nothing is left; a name too long for a
 * label is cut and given a short hash of the whole name. The same name always gives the same label.
 */
export function pageLabel(name: string): string {
  const label = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (label === '') return 'page'
  return label.length <= MAX_LABEL ? label : withHash(label, name)
}

/**
 * Labels for a corpus's page names, by name. Names whose labels collide (`Le Monde` and `le-monde`) each get a short
 * hash of their own name after the label, so that none takes another's host and each keeps its label however the
 * corpus is listed; an error names any two pages that still share one.
 */
export function assignLabels(names: readonly string[]): Map<string, string> {
  const claimed = new Map<string, string[]>()
  for (const name of names) {
    const label = pageLabel(name)
    claimed.set(label, [...(claimed.get(label) ?? []), name])
  }
  const labels = new Map<string, string>()
  const owners = new Map<string, string>()
  for (const [label, claimants] of claimed) {
    for (const name of claimants) {
      const unique = claimants.length === 1 ? label : withHash(label, name)
      const owner = owners.get(unique)
      if (owner !== undefined)
        throw new Error(`pages "${owner}" and "${name}" both get the host label "${unique}": rename one of them`)
      owners.set(unique, name)
      labels.set(name, unique)
    }
  }
  return labels
}

/** True for a valid DNS label: 1-63 of a-z, 0-9 and hyphens, no hyphen at either end. */
export function isDnsLabel(label: string): boolean {
  return label.length <= MAX_LABEL && /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(label)
}

function withHash(label: string, name: string): string {
  const hash = createHash('sha256').update(name).digest('hex').slice(0, HASH_LENGTH)
  const stem = label.slice(0, MAX_LABEL - HASH_LENGTH - 1).replace(/-+$/, '')
  return `${stem}-${hash}`
}
