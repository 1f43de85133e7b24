import type {FactVerdict} from '../schema/judged.js'
import type {Rubric} from '../schema/rubric.js'
import {verdictBadge} from './badges.js'
import {html, type Html} from './html.js'

/** One rubric fact with the judge's verdict on it (pass null: not judged). */
export interface FactLine {
  fact: string
  pass: boolean | null
  reason: string | null
}

export interface FactGroupLines {
  id: string
  description: string | null
  facts: FactLine[]
}

/**
 * The rubric's facts, each with the verdict the judge gave it (matched by group id and fact text), in rubric order;
 * verdicts on facts the rubric does not hold follow in their own groups, so nothing the judge said is hidden.
 */
export function factLines(
  rubric: Rubric | null,
  verdicts: readonly FactVerdict[] | null | undefined,
): FactGroupLines[] {
  const unused = [...(verdicts ?? [])]
  const take = (groupId: string, fact: string): FactVerdict | undefined => {
    let i = unused.findIndex((verdict) => String(verdict.group_id) === groupId && verdict.fact === fact)
    if (i === -1) i = unused.findIndex((verdict) => verdict.fact === fact)
    return i === -1 ? undefined : unused.splice(i, 1)[0]
  }
  const groups: FactGroupLines[] = (rubric?.fact_groups ?? []).map((group) => ({
    id: String(group.id),
    description: group.description,
    facts: group.facts.map((fact) => {
      const verdict = take(String(group.id), fact)
      return {fact, pass: verdict ? verdict.pass : null, reason: verdict ? verdict.reason : null}
    }),
  }))
  for (const verdict of unused) {
    const id = String(verdict.group_id)
    let group = groups.find((g) => g.id === id && g.description === null)
    if (!group) groups.push((group = {id, description: null, facts: []}))
    group.facts.push({fact: verdict.fact, pass: verdict.pass, reason: verdict.reason})
  }
  return groups
}

/** The rubric's groups and facts with their verdicts; `markable` gives each fact the attributes labelling reads. */
export function renderRubric(groups: readonly FactGroupLines[], options: {markable?: boolean} = {}): Html {
  if (groups.length === 0) return html`<p class="muted">The task has no rubric.</p>`
  return html`${groups.map(
    (group) => html`<div class="card">
<h3>${group.id}: ${group.description ?? html`<span class="muted">verdicts on facts not in the task's rubric</span>`}</h3>
<ul class="rubric">
${group.facts.map((line) => html`<li${options.markable ? html` data-group-id="${group.id}" data-fact="${line.fact}"` : null}>${verdictBadge(line.pass)} ${line.fact}${line.reason === null ? null : html`<div class="muted">${line.reason}</div>`}</li>`)}
</ul>
</div>`,
  )}`
}
