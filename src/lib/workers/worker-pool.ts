import {existsSync} from 'node:fs'
import {availableParallelism} from 'node:os'
import {fileURLToPath} from 'node:url'
import {Worker} from 'node:worker_threads'
import {ExternalError, InputError, UsageError} from '../errors.js'
import type {Text} from '../option-text.js'

/** Workers pay off on multi-core machines, and exist only as built .js files (not when running src/ through tsx). */
export function canUseWorkers(script: URL): boolean {
  return availableParallelism() > 1 && existsSync(fileURLToPath(script))
}

interface Reply<O> {
  id: number
  result?: O
  /** A bug (not bad data) in the worker. */
  crash?: string
  /** A user-facing error the job raised (its class name, message and hint, options still unnamed). */
  failure?: {kind: string; message: Text; hint?: Text}
}

/** The user-facing error a worker reported, as the class it was raised as. */
function rebuildFailure({kind, message, hint}: NonNullable<Reply<unknown>['failure']>): Error {
  if (kind === 'UsageError') return new UsageError(message, hint)
  if (kind === 'ExternalError') return new ExternalError(message, hint)
  return new InputError(message, hint)
}

/**
 * A pool of worker threads running one script: jobs go out round-robin, and each job's promise settles with its
 * own result, so a caller that awaits jobs in the order it sent them consumes results in input order.
 */
export class WorkerPool<I, O> {
  private readonly workers: Worker[]
  private readonly waiting = new Map<number, {resolve: (result: O) => void; reject: (error: Error) => void}>()
  private next = 0

  constructor(script: URL, workerData: unknown, size = availableParallelism()) {
    this.workers = Array.from({length: Math.max(1, Math.min(size, 8))}, () => {
      const worker = new Worker(script, {workerData})
      worker.on('message', (reply: Reply<O>) => {
        const waiter = this.waiting.get(reply.id)
        this.waiting.delete(reply.id)
        if (reply.failure !== undefined) waiter?.reject(rebuildFailure(reply.failure))
        else if (reply.crash !== undefined) waiter?.reject(new Error(`worker failed: ${reply.crash}`))
        else waiter?.resolve(reply.result as O)
      })
      worker.on('error', (error) => this.failAll(error))
      return worker
    })
  }

  /** Sends a job; `transfer` lists buffers to move to the worker instead of copying (they become unusable here). */
  run(job: I, transfer: ArrayBuffer[] = []): Promise<O> {
    const id = this.next++
    return new Promise((resolve, reject) => {
      this.waiting.set(id, {resolve, reject})
      this.workers[id % this.workers.length].postMessage({id, job}, transfer)
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
