// State task: put exactly two articles on the watchlist.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import type {SolutionStep} from '../../../../schema/solution.js'
import {sample} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {imageName} from '../format.js'
import type {Article, EncyclopediaModel, EncyclopediaState} from '../types.js'
import {openArticle} from './common.js'

export function watchTask(
  site: SiteInfo,
  model: EncyclopediaModel,
  rng: SeededRandom,
): FixtureTaskDef<EncyclopediaState> {
  const [first, second] = sample(rng, model.articles, 2) as [Article, Article]
  const watchButton: SolutionStep = {
    op: 'click',
    target: {selector: 'button.watch-button', description: 'the "☆ Watch" button at the top of the article'},
  }
  return {
    key: `watch-${imageName(first.title)}-${imageName(second.title)}`,
    kind: 'state',
    intent: `On ${site.name}, add the articles "${first.title}" and "${second.title}" to your watchlist, and nothing else.`,
    groups: [
      {
        description: 'The watchlist',
        facts: [
          {text: `"${first.title}" is on the watchlist`, check: ({state}) => state.watchlist.includes(first.slug)},
          {text: `"${second.title}" is on the watchlist`, check: ({state}) => state.watchlist.includes(second.slug)},
          {
            text: 'The watchlist holds no other articles',
            check: ({state}) =>
              state.watchlist.length > 0 && state.watchlist.every((s) => s === first.slug || s === second.slug),
          },
        ],
      },
    ],
    referenceAnswer: null,
    solution: [...openArticle(first), watchButton, ...openArticle(second), watchButton],
  }
}
