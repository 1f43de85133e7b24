import {parseLevel} from '../schema/level.js'
import {firstPresent, keyScore, metaWithout, requiredIntent, requiredText} from './fields.js'
import type {SourceAdapter} from './types.js'

// Online-Mind2Web rows (a JSON array): {task_id, confirmed_task, website (URL), reference_length, level}. Task ids of
// revised tasks carry a date suffix (`_110325`); they are kept whole, as they name distinct task versions.
export const onlineMind2web: SourceAdapter = {
  name: 'online-mind2web',
  description: 'Online-Mind2Web (300 live-web tasks with easy/medium/hard levels)',
  fileHints: ['online-mind2web', 'online_mind2web'],
  detect: (sample) =>
    keyScore(sample, ['task_id', 'website'], ['confirmed_task', 'reference_length', 'level']) >= 0.6 &&
    ('confirmed_task' in sample || 'task_description' in sample)
      ? 1
      : 0,
  toTask: (row) => {
    const intentField = firstPresent(row, ['confirmed_task', 'task_description'])
    return {
      nativeId: requiredText(row, 'task_id'),
      intent: requiredIntent(row, intentField),
      website: requiredText(row, 'website'),
      startUrl: requiredText(row, 'website'),
      referenceAnswer: null,
      level: parseLevel(row.level),
      meta: metaWithout(row, ['task_id', intentField, 'website']),
    }
  },
}
