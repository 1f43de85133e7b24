import {workerData} from 'node:worker_threads'
import {decodeLineChunk, type LineChunk} from '../io/read-lines.js'
import {serveJobs} from '../workers/serve-jobs.js'
import {readTaskFacts, taskFactsBuffers} from './read-task-facts.js'

// A worker of `split`'s first pass: validates batches of Task lines on another core.
const {name} = workerData as {name: string}
serveJobs((chunk: LineChunk) => readTaskFacts(decodeLineChunk(chunk), name), taskFactsBuffers)
