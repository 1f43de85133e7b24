import type {ServerResponse} from 'node:http'

/** What the fixture web served, by kind of content, and the answers a client left before they were sent in full. */
export interface Served {
  html: number
  image: number
  script: number
  style: number
  data: number
  other: number
  /** Connections the client closed before the answer was sent in full (a load cut short, a long poll ended). */
  unfinished: number
}

/**
 * Counts the fixture web's answers to pages (not its control endpoints) by the content type they were sent with, for
 * `/__webgym/health`: how much of each page a run's browsers loaded, and how many loads they cut short.
 */
export class ServedCounts {
  private readonly served: Served = {html: 0, image: 0, script: 0, style: 0, data: 0, other: 0, unfinished: 0}

  watch(response: ServerResponse): void {
    response.once('close', () => {
      if (!response.writableFinished) this.served.unfinished++
      else this.served[kindOf(String(response.getHeader('content-type') ?? ''))]++
    })
  }

  counts(): Served {
    return {...this.served}
  }
}

function kindOf(contentType: string): Exclude<keyof Served, 'unfinished'> {
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  if (type === 'text/html') return 'html'
  if (type.startsWith('image/')) return 'image'
  if (type.endsWith('javascript')) return 'script'
  if (type === 'text/css') return 'style'
  if (type === 'application/json' || type === 'text/plain') return 'data'
  return 'other'
}
