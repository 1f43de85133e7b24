import {workerData} from 'node:worker_threads'
import type {Line} from '../io/read-lines.js'
import {serveJobs} from '../workers/serve-jobs.js'
import {readTaskFacts} from './read-task-facts.js'

// A worker of `split`'s first pass: validates batches of Task lines on another core.
const {name} = workerData as {name: string}
serveJobs((lines: Line[]) => readTaskFacts(lines, name))
