import {parentPort} from 'node:worker_threads'

/** The worker side of a WorkerPool: answers each job with the handler's result, or the crash that prevented it. */
export function serveJobs<I, O>(handler: (job: I) => O | Promise<O>): void {
  parentPort!.on('message', async ({id, job}: {id: number; job: I}) => {
    try {
      parentPort!.postMessage({id, result: await handler(job)})
    } catch (error) {
      parentPort!.postMessage({id, crash: (error as Error)?.stack ?? String(error)})
    }
  })
}
