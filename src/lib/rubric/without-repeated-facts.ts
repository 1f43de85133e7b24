import type {Rubric} from '../schema/rubric.js'

/**
 * The rubric with each fact once: a fact repeated (the same words, whatever the case and spacing), in its group or
 * another, is kept where it first appears, and a group left with no fact goes. Difficulty counts facts, so a repeated
 * one would make a task look harder than it is. Used on model replies and on rubrics read from a source.
 */
export function withoutRepeatedFacts(groups: Rubric['fact_groups']): Rubric {
  const seen = new Set<string>()
  const key = (fact: string) => fact.toLowerCase().replace(/\s+/g, ' ').trim()
  const kept = groups.map((group) => ({
    ...group,
    facts: group.facts.filter((fact) => !seen.has(key(fact)) && Boolean(seen.add(key(fact)))),
  }))
  return {fact_groups: kept.filter((group) => group.facts.length > 0)}
}
