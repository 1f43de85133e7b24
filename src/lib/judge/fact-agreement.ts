// Per-fact agreement: a label's verdicts on rubric facts against the judgment's, matched by group id (as text) and
// fact text. Only trajectories whose label carries facts are compared; there, a labelled fact the judgment lacks and a
// judged fact the label lacks are kept (named in the summary), never dropped silently.
import {formatLocation, type RecordLocation} from '../errors.js'
import {agreementOf, tallyConfusion, type Agreement} from './agreement.js'

/** A verdict on one rubric fact: the judge's (pass) or a person's (label 1). */
export interface FactMark {
  group_id: string | number
  fact: string
  value: 0 | 1
}

/** A fact one side has and the other lacks, with the line of the side that has it. */
export interface UnmatchedFact {
  key: string
  group_id: string
  fact: string
  location: RecordLocation
}

export interface FactPair {
  predicted: 0 | 1
  actual: 0 | 1
  judge_error: boolean
}

/** What `judge eval --json` prints under "facts". */
export interface FactAgreementReport {
  /** Scored trajectories whose label carries facts. */
  trajectories: number
  overall: Agreement
  unmatched: {labelled_not_judged: number; judged_not_labelled: number}
}

export interface FactSide {
  key: string
  facts: readonly FactMark[]
  location: RecordLocation
}

/** Collects fact pairs trajectory by trajectory. */
export class FactMatcher {
  readonly pairs: FactPair[] = []
  readonly labelledNotJudged: UnmatchedFact[] = []
  readonly judgedNotLabelled: UnmatchedFact[] = []
  trajectories = 0

  /** One labelled trajectory: its judgment's facts and its label's (undefined: the label has none, nothing to compare). */
  add(judged: FactSide & {judge_error: boolean}, labelled: Omit<FactSide, 'key'> | undefined): void {
    if (!labelled || labelled.facts.length === 0) return
    this.trajectories++
    const unused = [...judged.facts]
    for (const mark of labelled.facts) {
      const i = unused.findIndex(
        (verdict) => String(verdict.group_id) === String(mark.group_id) && verdict.fact === mark.fact,
      )
      if (i === -1) {
        this.labelledNotJudged.push({
          key: judged.key,
          group_id: String(mark.group_id),
          fact: mark.fact,
          location: labelled.location,
        })
        continue
      }
      const [verdict] = unused.splice(i, 1)
      // A failed judgment's verdicts are no verdicts: each counts as 0, like its reward.
      this.pairs.push({
        predicted: judged.judge_error ? 0 : verdict!.value,
        actual: mark.value,
        judge_error: judged.judge_error,
      })
    }
    for (const verdict of unused)
      this.judgedNotLabelled.push({
        key: judged.key,
        group_id: String(verdict.group_id),
        fact: verdict.fact,
        location: judged.location,
      })
  }

  report(): FactAgreementReport {
    return {
      trajectories: this.trajectories,
      overall: agreementOf(tallyConfusion(this.pairs), this.pairs.filter((pair) => pair.judge_error).length),
      unmatched: {
        labelled_not_judged: this.labelledNotJudged.length,
        judged_not_labelled: this.judgedNotLabelled.length,
      },
    }
  }
}

/** One line on the facts one side lacks, naming the first of each kind; undefined when every fact matched. */
export function unmatchedFactsMessage(
  labelledNotJudged: readonly UnmatchedFact[],
  judgedNotLabelled: readonly UnmatchedFact[],
): string | undefined {
  const parts: string[] = []
  const name = (fact: UnmatchedFact) =>
    `${formatLocation(fact.location)}, key "${fact.key}", group ${fact.group_id} fact "${fact.fact}"`
  const [labelled] = labelledNotJudged
  const [judged] = judgedNotLabelled
  if (labelled) {
    const count = labelledNotJudged.length
    parts.push(
      `${count} labelled ${count === 1 ? 'fact is' : 'facts are'} not in the judgment (first: ${name(labelled)})`,
    )
  }
  if (judged) {
    const count = judgedNotLabelled.length
    parts.push(`${count} judged ${count === 1 ? 'fact has' : 'facts have'} no label (first: ${name(judged)})`)
  }
  return parts.length > 0 ? `facts left unscored: ${parts.join('; ')}` : undefined
}
