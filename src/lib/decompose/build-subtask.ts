import {levelForDifficulty} from '../schema/level.js'
import type {Provenance} from '../schema/provenance.js'
import type {Rubric} from '../schema/rubric.js'
import type {Task} from '../schema/task.js'
import type {SubsetChoice} from './choose-subsets.js'

const SAFE_LABEL = /^[\w.-]+$/

/**
 * How a rubric's groups are named in sub-task ids: their own ids when these are distinct and plain
 * (letters, digits, `_ . -`), else their 1-based positions (`1`, `2`, ...), so ids stay unique and unambiguous.
 */
export function groupLabels(rubric: Rubric): string[] {
  const ids = rubric.fact_groups.map((group) => String(group.id))
  const plain = ids.every((id) => SAFE_LABEL.test(id)) && new Set(ids).size === ids.length
  return plain ? ids : ids.map((_, i) => String(i + 1))
}

/** The sub-task's id, derived from its parent's id and the chosen groups: `<parent id>/sub-<label>+<label>...`. */
export function subtaskId(parent: Pick<Task, 'id' | 'rubric'>, choice: Pick<SubsetChoice, 'groups'>): string {
  if (!parent.rubric) throw new Error(`task ${parent.id} has no rubric to take a subset of`)
  const labels = groupLabels(parent.rubric)
  return `${parent.id}/sub-${choice.groups.map((i) => labels[i]).join('+')}`
}

/**
 * A sub-task of `parent`: the chosen fact groups as they are, difficulty = their facts, level from the paper's
 * bands, the rewritten intent, and the parent's source, website, start URL and taxonomy. The reference answer is
 * dropped (it answers the whole task) and kept as `meta.parent_reference_answer`; the parent's other meta stays
 * with the parent, which `parent_id` names.
 */
export function buildSubtask(parent: Task, choice: SubsetChoice, intent: string, provenance: Provenance): Task {
  if (!parent.rubric) throw new Error(`task ${parent.id} has no rubric to take a subset of`)
  const groups = choice.groups.map((i) => parent.rubric!.fact_groups[i])
  const difficulty = groups.reduce((sum, group) => sum + group.facts.length, 0)
  return {
    id: subtaskId(parent, choice),
    source: parent.source,
    intent: intent.trim(),
    website: parent.website,
    start_url: parent.start_url,
    reference_answer: null,
    domain: parent.domain,
    subdomain: parent.subdomain,
    rubric: {fact_groups: groups},
    difficulty,
    level: levelForDifficulty(difficulty),
    parent_id: parent.id,
    meta: parent.reference_answer ? {parent_reference_answer: parent.reference_answer} : {},
    provenance: {...parent.provenance, decompose: provenance},
  }
}
