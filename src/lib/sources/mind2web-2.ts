import {firstPresent, metaWithout, requiredIntent, requiredText} from './fields.js'
import type {SourceAdapter} from './types.js'

// Mind2Web 2 tasks: {task_id, task_description} (hub CSV or JSONL). Open-web search tasks: no website.
export const mind2web2: SourceAdapter = {
  name: 'mind2web-2',
  description: 'Mind2Web 2 long-horizon search tasks (hub CSV or JSONL); no website',
  fileHints: ['mind2web-2', 'mind2web2', 'mind2web_2'],
  detect: (sample) =>
    'task_id' in sample && !('website' in sample) && ('task_description' in sample || 'task_desc' in sample) ? 1 : 0,
  toTask: (row) => {
    const intentField = firstPresent(row, ['task_description', 'task_desc'])
    return {
      nativeId: requiredText(row, 'task_id'),
      intent: requiredIntent(row, intentField),
      website: null,
      startUrl: null,
      referenceAnswer: null,
      level: null,
      meta: metaWithout(row, ['task_id', intentField]),
    }
  },
}
