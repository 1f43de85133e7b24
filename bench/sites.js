#!/usr/bin/env node
// bench/sites: how fast the fixture web starts and serves. Starts `webgym sites serve --port 0` (the built CLI) and
// times the first JSON line on stdout (start, including Node and oclif), then the first visit to every site (content
// built on first use), then page requests/s at 16 connections over every site's home page.
// Target: the server is up (its JSON line printed) in under a second. Prints one summary line; exit 1 when missed.
import {spawn} from 'node:child_process'
import {request, Agent} from 'node:http'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const TARGET_START_S = 1
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000)
const agent = new Agent({keepAlive: true, maxSockets: 16})

function get(port, host, path) {
  return new Promise((resolve, reject) => {
    const req = request({host: '127.0.0.1', port, path, headers: {host}, agent}, (res) => {
      let size = 0
      res.on('data', (chunk) => (size += chunk.length))
      res.on('end', () => resolve({status: res.statusCode, size}))
    })
    req.on('error', reject)
    req.end()
  })
}

const started = performance.now()
const child = spawn(process.execPath, [join(root, 'bin', 'run.js'), 'sites', 'serve', '--port', '0', '-q'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {...process.env, NODE_ENV: 'production'},
})
const info = await new Promise((resolve, reject) => {
  let text = ''
  child.stdout.on('data', (chunk) => {
    text += chunk
    if (text.includes('\n')) resolve(JSON.parse(text.split('\n')[0]))
  })
  child.on('exit', (code) => reject(new Error(`sites serve exited with ${code}`)))
})
const startS = (performance.now() - started) / 1000
const tasksOut = await new Promise((resolve, reject) => {
  const tasks = spawn(process.execPath, [join(root, 'bin', 'run.js'), 'sites', 'tasks', '-q'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {...process.env, NODE_ENV: 'production'},
  })
  let text = ''
  tasks.stdout.on('data', (chunk) => (text += chunk))
  tasks.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`sites tasks exited with ${code}`))))
})
const hosts = [
  ...new Set(
    tasksOut
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).website),
  ),
]

let t = performance.now()
for (const host of hosts) await get(info.port, host, '/')
const firstVisitMs = (performance.now() - t) / hosts.length

t = performance.now()
let next = 0
let bytes = 0
await Promise.all(
  Array.from({length: 16}, async () => {
    while (next < REQUESTS) {
      const i = next++
      const reply = await get(info.port, hosts[i % hosts.length], i % 2 === 0 ? '/' : '/about')
      if (reply.status !== 200) throw new Error(`status ${reply.status}`)
      bytes += reply.size
    }
  }),
)
const seconds = (performance.now() - t) / 1000
child.kill('SIGTERM')
agent.destroy()
const met = startS < TARGET_START_S
process.stdout.write(
  `bench/sites: ${info.sites} sites | start ${startS.toFixed(2)} s (target < ${TARGET_START_S} s) | first visit ${firstVisitMs.toFixed(1)} ms/site | ${(REQUESTS / seconds).toFixed(0)} pages/s, ${(bytes / REQUESTS / 1024).toFixed(0)} KiB/page at 16 connections | target ${met ? 'met' : 'NOT met'}\n`,
)
process.exitCode = met ? 0 : 1
