// Search task: find the article with a given infobox value, and give another of its values.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {pick} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {fact} from '../checks.js'
import {imageName} from '../format.js'
import {KIND_LABELS, RESULTS_PER_PAGE} from '../labels.js'
import {row} from '../lookups.js'
import {search} from '../search.js'
import type {EncyclopediaModel, EncyclopediaState} from '../types.js'
import {nounFor, possessive, searchBox} from './common.js'
import type {TopicTasks} from './spec.js'

export function reverseTask(
  site: SiteInfo,
  model: EncyclopediaModel,
  spec: TopicTasks,
  rng: SeededRandom,
): FixtureTaskDef<EncyclopediaState> | null {
  const options = spec.reverse.flatMap((r) =>
    model.articles
      .filter((a) => a.kind === r.kind && row(a, r.key) && row(a, r.answerKey))
      .filter(
        (a) =>
          model.articles.filter((b) => b.kind === r.kind && row(b, r.key)?.value === row(a, r.key)!.value).length === 1,
      )
      .filter((a) =>
        search(model, r.query(row(a, r.key)!))
          .slice(0, RESULTS_PER_PAGE)
          .includes(a),
      )
      .map((a) => ({r, a})),
  )
  if (options.length === 0) return null
  const {r, a} = pick(rng, options)
  const known = row(a, r.key)!
  const wanted = row(a, r.answerKey)!
  const query = r.query(known)
  const kindLabel = KIND_LABELS[r.kind].one
  const wantedNoun = nounFor(a.kind, r.answerKey, wanted.label)
  const answer = `${a.title}, ${wanted.text}`
  return {
    key: `which-${imageName(a.title)}`,
    kind: 'search',
    intent: `On ${site.name}, find the ${kindLabel} ${r.phrase(known.text)}. What is ${possessive(r.kind)} name, and what is ${possessive(r.kind)} ${wantedNoun}?`,
    groups: [
      {description: `The ${kindLabel} ${r.phrase(known.text)}`, facts: [fact(`The answer names ${a.title}`, a.title)]},
      {
        description: `Its ${wantedNoun}`,
        facts: [fact(`The answer gives the ${wantedNoun} ${wanted.text}`, wanted.value)],
      },
    ],
    referenceAnswer: answer,
    solution: [
      {op: 'type', target: searchBox, text: query, submit: true},
      {
        op: 'click',
        target: {selector: `a.result-link[data-article="${a.slug}"]`, description: `the search result "${a.title}"`},
      },
      {op: 'answer', text: answer},
    ],
  }
}
