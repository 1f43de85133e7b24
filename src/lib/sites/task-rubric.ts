import type {Rubric} from '../schema/rubric.js'
import type {FactGroupDef} from './types.js'

/** The rubric a task record carries for a task written with checks: its groups' descriptions and facts, numbered. */
export function rubricOf(groups: readonly FactGroupDef<never>[]): Rubric {
  return {
    fact_groups: groups.map((group, index) => ({
      id: index + 1,
      description: group.description,
      facts: group.facts.map((fact) => fact.text),
    })),
  }
}
