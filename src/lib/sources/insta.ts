import {firstPresent, metaWithout, requiredIntent, requiredText} from './fields.js'
import type {SourceAdapter} from './types.js'

// InSTA rows: v3 {website, instruction, steps, criteria} (parquet on the hub, or JSONL); v1 {domain, task}.
export const insta: SourceAdapter = {
  name: 'insta',
  description: 'InSTA (insta-150k v1-v3): one task per website; parquet, JSONL or JSON',
  fileHints: ['insta'],
  detect: (sample) => {
    const keys = Object.keys(sample)
    if ('instruction' in sample && 'website' in sample) return 'criteria' in sample || 'steps' in sample ? 1 : 0.7
    if (keys.length <= 3 && 'domain' in sample && 'task' in sample) return 0.7
    return 0
  },
  toTask: (row) => {
    const websiteField = firstPresent(row, ['website', 'domain'])
    const intentField = firstPresent(row, ['instruction', 'task'])
    return {
      nativeId: null,
      intent: requiredIntent(row, intentField),
      website: requiredText(row, websiteField),
      startUrl: null,
      referenceAnswer: null,
      level: null,
      meta: metaWithout(row, [websiteField, intentField]),
    }
  },
}
