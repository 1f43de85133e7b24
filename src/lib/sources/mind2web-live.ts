import {keyScore, metaWithout, requiredIntent} from './fields.js'
import type {SourceAdapter} from './types.js'

interface KeyNode {
  match_function_name?: string
  content?: {url?: unknown; netloc?: unknown}
}

// Mind2Web-Live rows (a JSON array): {index, task, reference_task_length, evaluation: [key nodes]}. There is no
// website field: the first key node that names a URL (or netloc) gives it.
export const mind2webLive: SourceAdapter = {
  name: 'mind2web-live',
  description: 'Mind2Web-Live (WebCanvas) tasks; the website comes from the evaluation key nodes',
  fileHints: ['mind2web-live', 'mind2web_live', 'webcanvas'],
  detect: (sample) => (keyScore(sample, ['task', 'evaluation'], ['index', 'reference_task_length']) > 0 ? 1 : 0),
  toTask: (row) => {
    const site = siteOfKeyNodes(row.evaluation)
    return {
      nativeId: row.index === undefined || row.index === null ? null : String(row.index),
      intent: requiredIntent(row, 'task'),
      website: site,
      startUrl: site,
      referenceAnswer: null,
      level: null,
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
