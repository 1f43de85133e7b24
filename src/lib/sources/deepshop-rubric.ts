import type {FactGroup, Rubric} from '../schema/rubric.js'
import {withoutRepeatedFacts} from '../rubric/without-repeated-facts.js'
import {isEmptyValue} from './fields.js'

// Bump when the facts' wording or the clause splitting changes: it is the rubric's prompt_version in provenance.
export const DEEPSHOP_RUBRIC_VERSION = 'source:deepshop-v1'

// DeepShop judges a shopping task by three sub-requirements apart (product attributes, search filters, sorting
// preference) and counts it done when every one the task has is met; "None" means the task has no such part. Each
// part becomes a fact group, and the part's clauses (its comma- or semicolon-separated pieces) its facts.
const PARTS = [
  {
    field: 'attribute',
    description: 'The product has the attributes asked for (DeepShop attribute requirement)',
    fact: (clause: string) => `The product found matches: ${clause}`,
  },
  {
    field: 'filter',
    description: 'The product passes the search filters asked for (DeepShop filter requirement)',
    fact: (clause: string) => `The product found meets the filter: ${clause}`,
  },
  {
    field: 'sort',
    description: 'The product is the one the sorting preference picks (DeepShop sort requirement)',
    fact: (clause: string) => `The product found follows the sorting preference: ${clause}`,
  },
] as const

/** The fact-group rubric of a DeepShop row's attribute, filter and sort, or null when it has none of them. */
export function deepshopRubric(row: Record<string, unknown>): Rubric | null {
  const groups: FactGroup[] = []
  for (const part of PARTS) {
    const value = row[part.field]
    if (typeof value !== 'string') continue
    const facts = requirementClauses(value).map(part.fact)
    if (facts.length > 0) groups.push({id: part.field, description: part.description, facts})
  }
  const rubric = withoutRepeatedFacts(groups)
  return rubric.fact_groups.length > 0 ? rubric : null
}

// Some evolved rows carry markdown left over from the generator: "**Product attribute**: ...", or a lone "**".
const MARKDOWN_BOLD = /\*\*/g
const PART_LABEL = /^[-\s]*(product attributes?|filter conditions?|search filters?|sort(ing)? preferences?)\s*:\s*/i

/**
 * The single requirements in one DeepShop sub-requirement: each part between semicolons, split again at commas
 * followed by a space (not inside "$1,100"), a leading "and" dropped. Within a part, a clause starting with "or"
 * stays with the one before it (an alternative is one requirement) and a one-word clause with its neighbour (an
 * enumeration of adjectives: "Durable, lightweight camping tent"). Empty for "None" and for bare markup.
 */
export function requirementClauses(text: string): string[] {
  if (isEmptyValue(text)) return []
  const plain = text.replace(MARKDOWN_BOLD, ' ').replace(/\s+/g, ' ').trim().replace(PART_LABEL, '')
  return plain.split(/\s*;\s*/).flatMap((part) => commaClauses(part))
}

function commaClauses(part: string): string[] {
  const pieces = part
    .split(/,\s+/)
    .map((piece) =>
      piece
        .trim()
        .replace(/^(and|plus)\s+/i, '')
        .replace(/[\s.]+$/, ''),
    )
    .filter((piece) => /[\p{L}\p{N}]/u.test(piece))
  if (pieces.length === 1) return pieces
  const clauses: string[] = []
  let pending: string | null = null
  for (const piece of pieces) {
    const clause: string = pending === null ? piece : `${pending}, ${piece}`
    pending = null
    if (/^or\s/i.test(clause) && clauses.length > 0) clauses[clauses.length - 1] += `, ${clause}`
    else if (!/\s/.test(clause)) pending = clause
    else clauses.push(clause)
  }
  if (pending !== null) {
    if (clauses.length > 0) clauses[clauses.length - 1] += `, ${pending}`
    else clauses.push(pending)
  }
  return clauses
}
