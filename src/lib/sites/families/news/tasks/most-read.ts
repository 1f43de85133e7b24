// Lookup task: the top story of the "Most read" list and its writer.
import {answerMentions} from '../../../check-helpers.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {articleById, authorOf} from '../lookups.js'
import type {NewsModel, NewsState} from '../types.js'
import {acceptCookies} from './common.js'

/** Easy: the top story of the "Most read" list and its writer. */
export function mostReadTask(site: SiteInfo, model: NewsModel): FixtureTaskDef<NewsState> {
  const a = articleById(model, model.mostRead[0])
  const author = authorOf(model, a)
  const reference = `${a.headline}, by ${author.name}`
  return {
    key: `most-read-${a.id}`,
    kind: 'lookup',
    intent: `On the ${site.name} home page, which story is number one in the "Most read" list, and who wrote it?`,
    groups: [
      {
        description: 'The most-read story',
        facts: [
          {text: `The answer names the story “${a.headline}”`, check: ({answer}) => answerMentions(answer, a.headline)},
          {
            text: `The answer names its writer ${author.name}`,
            check: ({answer}) => answerMentions(answer, author.name),
          },
        ],
      },
    ],
    referenceAnswer: reference,
    solution: [
      acceptCookies,
      {
        op: 'click',
        target: {
          selector: `ol.most-read a.most-read-link[data-article="${a.id}"]`,
          description: `the first story in the "Most read" list, "${a.headline}"`,
        },
      },
      {op: 'answer', text: reference},
    ],
  }
}
