import {parseLevel} from '../schema/level.js'
import {keyScore} from './fields.js'
import type {SourceAdapter} from './types.js'
import {webvoyagerDraft} from './webvoyager.js'

// DeepShop rows: WebVoyager's shape plus attribute, filter, sort, category and difficulty (easy|medium|hard); empty
// parts are the literal string "None".
export const deepshop: SourceAdapter = {
  name: 'deepshop',
  description: 'DeepShop shopping tasks (Amazon) with attribute/filter/sort sub-requirements',
  fileHints: ['deepshop'],
  variantOf: 'webvoyager',
  detect: (sample) => keyScore(sample, ['ques', 'web'], ['attribute', 'filter', 'sort', 'category', 'difficulty']) >= 0.7 ? 0.9 : 0,
  toTask: (row) => {
    const draft = webvoyagerDraft(row)
    draft.level = parseLevel(row.difficulty)
    return draft
  },
}
