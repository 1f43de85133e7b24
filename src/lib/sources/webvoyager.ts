import {access, readFile} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import {InputError} from '../errors.js'
import {opt, optionText} from '../option-text.js'
import {keyScore, metaWithout, requiredIntent, requiredText} from './fields.js'
import type {PrepareOptions, SourceAdapter, TaskDraft} from './types.js'

/** WebVoyager's reference answers: `{<web_name>: {notice, answers: [{id, type, ans}]}}`. */
export type ReferenceAnswers = Map<string, {notice: string | null; answers: Map<number, {type: string; ans: string}>}>

// WebVoyager rows: {web_name, id: "<web_name>--<n>", ques, web}; answers joined from reference_answer.json.
export const webvoyager: SourceAdapter = {
  name: 'webvoyager',
  description: optionText`WebVoyager (643 tasks on 15 sites); joins reference_answer.json given with ${opt('answers')} or found beside the file`,
  fileHints: ['webvoyager'],
  detect: (sample) =>
    keyScore(sample, ['web_name', 'id', 'ques', 'web']) > 0 &&
    !('eval' in sample) &&
    !('difficulty' in sample) &&
    !('Final answer' in sample)
      ? 0.8
      : 0,
  prepare: (file, options) => loadReferenceAnswers(file, options),
  toTask: (row, context) => webvoyagerDraft(row, context.extra as ReferenceAnswers | undefined),
}

/** The WebVoyager row shape, shared with PAE and DeepShop which reuse it. */
export function webvoyagerDraft(row: Record<string, unknown>, answers?: ReferenceAnswers): TaskDraft {
  const id = requiredText(row, 'id')
  const webName = typeof row.web_name === 'string' ? row.web_name : id.split('--')[0]
  const site = answers?.get(webName)
  const number = Number(id.split('--').at(-1))
  const answer = site && Number.isInteger(number) ? site.answers.get(number) : undefined
  const meta = metaWithout(row, ['id', 'ques', 'web'])
  if (answer) meta.reference_answer_type = answer.type
  if (site?.notice) meta.reference_answer_notice = site.notice
  return {
    nativeId: id,
    intent: requiredIntent(row, 'ques'),
    website: requiredText(row, 'web'),
    startUrl: requiredText(row, 'web'),
    referenceAnswer: answer?.ans ?? null,
    level: null,
    meta,
  }
}

async function loadReferenceAnswers(file: string, options: PrepareOptions): Promise<ReferenceAnswers | undefined> {
  let path = options.answersFile
  if (!path && file !== '-') {
    const beside = join(dirname(file), 'reference_answer.json')
    if (
      await access(beside).then(
        () => true,
        () => false,
      )
    )
      path = beside
  }
  if (!path) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'))
  } catch (error) {
    throw new InputError(
      `${path}: cannot read WebVoyager reference answers (${(error as Error).message})`,
      'pass the reference_answer.json from the WebVoyager repository',
    )
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new InputError(`${path}: expected an object keyed by site name`)
  const table: ReferenceAnswers = new Map()
  for (const [site, entry] of Object.entries(parsed as Record<string, {notice?: string; answers?: unknown}>)) {
    if (!Array.isArray(entry?.answers)) throw new InputError(`${path}: site "${site}" has no "answers" list`)
    const answers = new Map<number, {type: string; ans: string}>()
    for (const answer of entry.answers as {id: unknown; type?: unknown; ans: unknown}[]) {
      if (typeof answer?.ans === 'string' && Number.isInteger(Number(answer.id))) {
        answers.set(Number(answer.id), {type: String(answer.type ?? 'golden'), ans: answer.ans.trim()})
      }
    }
    table.set(site, {
      notice: typeof entry.notice === 'string' && entry.notice.trim() ? entry.notice.trim() : null,
      answers,
    })
  }
  return table
}
