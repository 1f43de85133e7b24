import {existsSync} from 'node:fs'
import {availableParallelism} from 'node:os'
import {fileURLToPath} from 'node:url'
import {Worker} from 'node:worker_threads'
import type {Line} from '../io/read-lines.js'
import type {ConvertResponse, ConvertWorkerInit} from './convert-protocol.js'

const WORKER_URL = new URL('./convert-worker.js', import.meta.url)

/** Conversion workers pay off on multi-core machines for files large enough to amortise their start-up. */
export function canUseWorkers(): boolean {
  return availableParallelism() > 1 && existsSync(fileURLToPath(WORKER_URL))
}

/**
 * A pool of conversion workers, one per core: batches go out round-robin and each comes back to the caller that
 * sent it, so the caller can consume results in input order.
 */
export class ConvertPool {
  private readonly workers: Worker[]
  private readonly waiting = new Map<number, {resolve: (response: ConvertResponse) => void; reject: (error: Error) => void}>()
  private next = 0

  constructor(init: ConvertWorkerInit, size = availableParallelism()) {
    this.workers = Array.from({length: Math.max(1, Math.min(size, 8))}, () => {
      const worker = new Worker(WORKER_URL, {workerData: init})
      worker.on('message', (response: ConvertResponse) => {
        const waiter = this.waiting.get(response.id)
        this.waiting.delete(response.id)
        waiter?.resolve(response)
      })
      worker.on('error', (error) => this.failAll(error))
      return worker
    })
  }

  convert(lines: Line[]): Promise<ConvertResponse> {
    const id = this.next++
    const worker = this.workers[id % this.workers.length]
    return new Promise((resolve, reject) => {
      this.waiting.set(id, {resolve, reject})
      worker.postMessage({id, lines})
    })
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()))
  }

  private failAll(error: Error): void {
    for (const waiter of this.waiting.values()) waiter.reject(error)
    this.waiting.clear()
  }
}
