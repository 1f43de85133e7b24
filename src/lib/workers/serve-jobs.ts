import {parentPort} from 'node:worker_threads'

/**
 * The worker side of a WorkerPool: answers each job with the handler's result, or the crash that prevented it.
 * `transfer` names buffers of a result to move to the caller instead of copying (they become unusable here).
 */
export function serveJobs<I, O>(handler: (job: I) => O | Promise<O>, transfer: (result: O) => ArrayBuffer[] = () => []): void {
  parentPort!.on('message', async ({id, job}: {id: number; job: I}) => {
    try {
      const result = await handler(job)
      parentPort!.postMessage({id, result}, transfer(result))
    } catch (error) {
      parentPort!.postMessage({id, crash: (error as Error)?.stack ?? String(error)})
    }
  })
}
