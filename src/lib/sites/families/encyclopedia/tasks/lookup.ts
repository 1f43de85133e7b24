// Lookup task: one infobox value of an article.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {pick} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {fact} from '../checks.js'
import {imageName} from '../format.js'
import {row} from '../lookups.js'
import type {ArticleKind, EncyclopediaModel, EncyclopediaState} from '../types.js'
import {openArticle} from './common.js'
import type {TopicTasks} from './spec.js'

export function lookupTask(
  site: SiteInfo,
  model: EncyclopediaModel,
  spec: TopicTasks,
  rng: SeededRandom,
): FixtureTaskDef<EncyclopediaState> {
  const kinds = Object.keys(spec.lookups) as ArticleKind[]
  const kind = pick(rng, kinds)
  const article = pick(
    rng,
    model.articles.filter((a) => a.kind === kind),
  )
  const questions = spec.lookups[kind]!
  const key = pick(
    rng,
    Object.keys(questions).filter((k) => row(article, k)),
  )
  const info = row(article, key)!
  return {
    key: `infobox-${imageName(article.title)}-${key}`,
    kind: 'lookup',
    intent: `On ${site.name}, what is the ${questions[key]} of ${article.title}, according to its article?`,
    groups: [
      {
        description: `The ${questions[key]} of ${article.title}`,
        facts: [fact(`The answer gives the ${questions[key]} of ${article.title} as ${info.text}`, info.value)],
      },
    ],
    referenceAnswer: info.text,
    solution: [...openArticle(article), {op: 'answer', text: info.text}],
  }
}
