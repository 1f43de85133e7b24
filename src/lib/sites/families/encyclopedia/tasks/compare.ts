// Lookup task: compare an article with the one its infobox links to.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {pick} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {fact, namesFirst} from '../checks.js'
import {fixed2, fmt, imageName} from '../format.js'
import {linked, row} from '../lookups.js'
import type {EncyclopediaModel, EncyclopediaState, InfoRow} from '../types.js'
import {followInfobox, openArticle} from './common.js'
import type {TopicTasks} from './spec.js'

function difference(a: InfoRow, b: InfoRow): string {
  const diff = Math.abs(Math.round(a.num! * 100) - Math.round(b.num! * 100)) / 100
  return Number.isInteger(diff) ? fmt(diff) : fixed2(diff)
}

export function compareTask(
  site: SiteInfo,
  model: EncyclopediaModel,
  spec: TopicTasks,
  rng: SeededRandom,
): FixtureTaskDef<EncyclopediaState> | null {
  const {kind, relation, relationNoun, metrics} = spec.compare
  const options = model.articles
    .filter((a) => a.kind === kind && linked(model, a, relation))
    .flatMap((a) => {
      const b = linked(model, a, relation)!
      return metrics
        .filter(
          (m) =>
            row(a, m.key)?.num !== undefined &&
            row(b, m.key)?.num !== undefined &&
            row(a, m.key)!.num !== row(b, m.key)!.num,
        )
        .map((m) => ({a, b, m}))
    })
  if (options.length === 0) return null
  const {a, b, m} = pick(rng, options)
  const va = row(a, m.key)!
  const vb = row(b, m.key)!
  const aWins = m.higherWins ? va.num! > vb.num! : va.num! < vb.num!
  const [winner, loser] = aWins ? [a, b] : [b, a]
  const diff = difference(va, vb)
  const answer = `${winner.title}. ${a.title}: ${va.text}; ${b.title}: ${vb.text}; difference ${diff}${m.unit}`
  return {
    key: `compare-${imageName(a.title)}-${m.key}`,
    kind: 'lookup',
    intent: `On ${site.name}, the article on ${a.title} names ${b.title} as its ${relationNoun}. ${m.question}? Name it first, then give the ${m.noun} of both and the difference between them.`,
    groups: [
      {
        description: 'The comparison',
        facts: [
          {
            text: `The answer names ${winner.title} (not ${loser.title}) as the one asked for`,
            check: namesFirst(winner.title, loser.title),
          },
        ],
      },
      {
        description: 'Both values',
        facts: [
          fact(`The answer gives the ${m.noun} of ${a.title} as ${va.text}`, va.value),
          fact(`The answer gives the ${m.noun} of ${b.title} as ${vb.text}`, vb.value),
        ],
      },
      {description: 'The difference', facts: [fact(`The answer gives the difference as ${diff}${m.unit}`, diff)]},
    ],
    referenceAnswer: answer,
    solution: [...openArticle(a), followInfobox(relation, row(a, relation)!.label, b), {op: 'answer', text: answer}],
  }
}
