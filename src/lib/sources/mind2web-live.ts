import {sourceRubricProvenance} from '../rubric/rubric-origin.js'
import {keyScore, metaWithout, requiredIntent} from './fields.js'
import {keyNodeRubric, MIND2WEB_LIVE_RUBRIC_VERSION} from './mind2web-live-rubric.js'
import type {SourceAdapter} from './types.js'

interface KeyNode {
  match_function_name?: string
  content?: {url?: unknown; netloc?: unknown}
}

// Mind2Web-Live rows (a JSON array): {index, task, reference_task_length, evaluation: [key nodes]}. There is no
// website field: the first key node that names a URL (or netloc) gives it. The key nodes become a source-made rubric
// (mind2web-live-rubric.ts), one fact per node, so difficulty = number of key nodes; they stay in meta too.
export const mind2webLive: SourceAdapter = {
  name: 'mind2web-live',
  description: 'Mind2Web-Live (WebCanvas) tasks; the website and the rubric come from the evaluation key nodes',
  fileHints: ['mind2web-live', 'mind2web_live', 'webcanvas'],
  detect: (sample) => (keyScore(sample, ['task', 'evaluation'], ['index', 'reference_task_length']) > 0 ? 1 : 0),
  toTask: (row) => {
    const intent = requiredIntent(row, 'task')
    const site = siteOfKeyNodes(row.evaluation)
    const rubric = keyNodeRubric(row.evaluation)
    return {
      nativeId: row.index === undefined || row.index === null ? null : String(row.index),
      intent,
      website: site,
      startUrl: site,
      referenceAnswer: null,
      level: null,
      ...(rubric ? {rubric, provenance: {rubric: sourceRubricProvenance(MIND2WEB_LIVE_RUBRIC_VERSION)}} : {}),
      meta: metaWithout(row, ['index', 'task']),
    }
  },
}

function siteOfKeyNodes(evaluation: unknown): string | null {
  if (!Array.isArray(evaluation)) return null
  for (const node of evaluation as KeyNode[]) {
    const url = node?.content?.url
    const origin = typeof url === 'string' && /^https?:\/\//.test(url) ? originOf(url) : null
    if (origin) return origin
    const netloc = node?.content?.netloc
    if (typeof netloc === 'string' && netloc.trim()) return netloc.trim()
  }
  return null
}

// Key-node URLs are hand-annotated: one that does not parse is passed over, not a reason to fail the build.
function originOf(url: string): string | null {
  try {
    return `${new URL(url).origin}/`
  } catch {
    return null
  }
}
