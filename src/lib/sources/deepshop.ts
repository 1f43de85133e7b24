import {parseLevel} from '../schema/level.js'
import {sourceRubricProvenance} from '../rubric/rubric-origin.js'
import {DEEPSHOP_RUBRIC_VERSION, deepshopRubric} from './deepshop-rubric.js'
import {keyScore} from './fields.js'
import type {SourceAdapter} from './types.js'
import {webvoyagerDraft} from './webvoyager.js'

// DeepShop rows: WebVoyager's shape plus attribute, filter, sort, category and difficulty (easy|medium|hard); empty
// parts are the literal string "None". The attribute, filter and sort sub-requirements become a source-made rubric
// (deepshop-rubric.ts); the source's difficulty label stays the level, and the fields stay in meta too.
export const deepshop: SourceAdapter = {
  name: 'deepshop',
  description: 'DeepShop shopping tasks (Amazon); the attribute/filter/sort sub-requirements become the rubric',
  fileHints: ['deepshop'],
  variantOf: 'webvoyager',
  detect: (sample) =>
    keyScore(sample, ['ques', 'web'], ['attribute', 'filter', 'sort', 'category', 'difficulty']) >= 0.7 ? 0.9 : 0,
  toTask: (row) => {
    const draft = webvoyagerDraft(row)
    draft.level = parseLevel(row.difficulty)
    const rubric = deepshopRubric(row)
    if (rubric) {
      draft.rubric = rubric
      draft.provenance = {rubric: sourceRubricProvenance(DEEPSHOP_RUBRIC_VERSION)}
    }
    return draft
  },
}
