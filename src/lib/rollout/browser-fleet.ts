import {lookup} from 'node:dns/promises'
import {readFile} from 'node:fs/promises'
import {UsageError} from '../errors.js'
import {opt, optionText} from '../option-text.js'

/**
 * Where the remote browser servers of a rollout are listed, each re-read as the run goes: `ws://` (or `wss://`)
 * endpoints as given, a file of endpoints (one per line, `#` comments) read again when it changes, and
 * `dns+ws://NAME:PORT/PATH`, whose name's addresses are the fleet (a Kubernetes headless Service), resolved again.
 */
export interface FleetSource {
  /** What it is, for messages: the endpoint, file or name. */
  readonly text: string
  /** Whether the list can change during the run (a file or a name). */
  readonly dynamic: boolean
  /** The endpoints now. A file that cannot be read or a name that does not resolve throws. */
  endpoints(): Promise<string[]>
}

/** The sources of --browser-ws values; a value that is neither an endpoint nor a dns+ URL must be a readable file. */
export async function fleetSources(values: readonly string[]): Promise<FleetSource[]> {
  const sources = values.map(fleetSource)
  for (const source of sources) {
    if (!source.dynamic) continue
    try {
      await source.endpoints()
    } catch (error) {
      throw new UsageError(
        optionText`${opt('browserEndpoints')} ${source.text}: ${(error as Error).message}`,
        'pass ws://HOST:PORT/PATH (what `webgym browsers serve` prints), a file listing such endpoints, or dns+ws://NAME:PORT/PATH',
      )
    }
  }
  return sources
}

/** Every endpoint the sources list now, without repeats; a source that fails now lists none this time. */
export async function currentEndpoints(
  sources: readonly FleetSource[],
  onError: (source: FleetSource, error: Error) => void,
): Promise<string[]> {
  const lists = await Promise.all(
    sources.map((source) =>
      source.endpoints().catch((error: Error) => {
        onError(source, error)
        return [] as string[]
      }),
    ),
  )
  return [...new Set(lists.flat())]
}

function fleetSource(value: string): FleetSource {
  const text = value.trim()
  if (/^wss?:\/\//i.test(text)) return {text, dynamic: false, endpoints: async () => [text]}
  if (/^dns\+wss?:\/\//i.test(text)) return dnsSource(text)
  return fileSource(text)
}

function dnsSource(text: string): FleetSource {
  const url = new URL(text.slice('dns+'.length))
  const host = url.hostname.replace(/^\[|\]$/g, '')
  return {
    text,
    dynamic: true,
    endpoints: async () => {
      const addresses = await lookup(host, {all: true})
      return addresses.map(({address, family}) => {
        const endpoint = new URL(url)
        endpoint.hostname = family === 6 ? `[${address}]` : address
        return endpoint.toString()
      })
    },
  }
}

function fileSource(path: string): FleetSource {
  return {
    text: path,
    dynamic: true,
    endpoints: async () => {
      const content = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
        throw new Error(error.code === 'ENOENT' ? 'no such file (and not a ws:// endpoint)' : error.message)
      })
      const endpoints: string[] = []
      content.split('\n').forEach((raw, index) => {
        const line = raw.replace(/#.*/, '').trim()
        if (line === '') return
        if (!/^wss?:\/\/[^\s]+$/i.test(line))
          throw new Error(`line ${index + 1} is not a ws:// endpoint: ${JSON.stringify(line.slice(0, 80))}`)
        endpoints.push(line)
      })
      return endpoints
    },
  }
}
