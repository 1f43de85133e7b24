import {parseLevel} from '../schema/level.js'
import {firstPresent, metaWithout, optionalText, requiredIntent, requiredText} from './fields.js'
import type {SourceAdapter} from './types.js'

// A search-engine start page says nothing about the task's website: such tasks keep `website: null`.
const SEARCH_START_PAGES = /^https?:\/\/(www\.)?(google|bing|duckduckgo)\.[a-z.]+\/?(\?.*)?$/i

// GAIA's web subset as WebVoyager packages it (GAIA_web.jsonl: task_id, Level, Final answer, id, web, ques), and
// GAIA's own metadata rows (task_id, Question, Level, Final answer, file_name, Annotator Metadata).
export const gaia: SourceAdapter = {
  name: 'gaia',
  description: "GAIA's web-browsing subset (WebVoyager's GAIA_web.jsonl) or GAIA metadata rows",
  fileHints: ['gaia'],
  detect: (sample) => ('Final answer' in sample && ('ques' in sample || 'Question' in sample) ? 1 : 0),
  toTask: (row) => {
    const intentField = firstPresent(row, ['ques', 'Question'])
    const web = optionalText(row, 'web')
    const answer = optionalText(row, 'Final answer')
    return {
      nativeId: requiredText(row, 'task_id'),
      intent: requiredIntent(row, intentField),
      website: web && !SEARCH_START_PAGES.test(web) ? web : null,
      startUrl: web,
      referenceAnswer: answer === '?' ? null : answer,
      level: parseLevel(row.Level),
      meta: metaWithout(row, ['task_id', intentField, 'web', 'Final answer']),
    }
  },
}
