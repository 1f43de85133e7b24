import {describe, expect, it} from 'vitest'
import {EnvMessageError, errorReply, readEnvMessage} from '../src/lib/env/env-protocol.js'
import {ServedTasks} from '../src/lib/env/served-tasks.js'
import {TaskSchema, type Task} from '../src/lib/schema/task.js'

// The pure parts of `webgym env serve`: reading OpenEnv's session messages (each failure with the code OpenEnv's
// clients read), and which served task and attempt a reset gets.

function failure(raw: string): EnvMessageError {
  try {
    readEnvMessage(raw)
  } catch (error) {
    if (error instanceof EnvMessageError) return error
    throw error
  }
  throw new Error(`read without an error: ${raw}`)
}

const task = (id: string): Task =>
  TaskSchema.parse({
    id,
    source: 'fixture',
    intent: `do ${id}`,
    website: 'a.webgym.test',
    start_url: 'http://a.webgym.test/',
  })

describe('env messages', () => {
  it('reads the four message types OpenEnv sends, reset with or without data', () => {
    expect(readEnvMessage('{"type":"reset"}')).toEqual({type: 'reset', data: {}})
    expect(readEnvMessage('{"type":"reset","data":{"task_id":"t","prompt":true,"seed":3}}')).toEqual({
      type: 'reset',
      data: {task_id: 't', prompt: true, seed: 3},
    })
    expect(readEnvMessage('{"type":"step","data":{"reply":"Action: ..."}}')).toEqual({
      type: 'step',
      data: {reply: 'Action: ...'},
    })
    expect(
      readEnvMessage('{"type":"step","data":{"action":{"name":"left_click","coordinate":[10,20]},"metadata":{}}}'),
    ).toMatchObject({type: 'step', data: {action: {name: 'left_click', coordinate: [10, 20]}}})
    expect(readEnvMessage('{"type":"state"}')).toEqual({type: 'state'})
    expect(readEnvMessage('{"type":"close"}')).toEqual({type: 'close'})
  })

  it.each([
    ['{"type": ', 'INVALID_JSON', /^Invalid JSON: /],
    ['{"type":"jump"}', 'UNKNOWN_TYPE', /^Unknown message type: jump/],
    ['{"data":{}}', 'UNKNOWN_TYPE', /^Unknown message type: ""/],
    ['[1,2]', 'VALIDATION_ERROR', /a message is a JSON object/],
    ['{"type":"step"}', 'VALIDATION_ERROR', /data/],
    ['{"type":"step","data":{}}', 'VALIDATION_ERROR', /needs an action, a reply or an action_str/],
    ['{"type":"step","data":{"reply":"a","action_str":"b"}}', 'VALIDATION_ERROR', /not reply and action_str/],
    ['{"type":"step","data":{"reply":"a","memory":"m"}}', 'VALIDATION_ERROR', /memory goes with a structured action/],
    ['{"type":"reset","data":{"seed":-1}}', 'VALIDATION_ERROR', /data\.seed/],
    ['{"type":"reset","data":{"task_id":"a","task":{}}}', 'VALIDATION_ERROR', /data\.task/],
    ['{"type":"state","extra":1}', 'VALIDATION_ERROR', /extra/],
  ])('%s is %s', (raw, code, message) => {
    const error = failure(raw)
    expect(error.code).toBe(code)
    expect(error.message).toMatch(message)
    expect(errorReply(error)).toMatchObject({type: 'error', data: {code, message: error.message}})
  })

  it("names each bad field as pydantic's errors do: an unknown one as extra_forbidden at its own loc", () => {
    const error = failure('{"type":"reset","data":{"task_idd":"x","seed":"3"}}')
    expect(error.errors).toEqual(
      expect.arrayContaining([
        {type: 'extra_forbidden', loc: ['data', 'task_idd'], msg: 'unknown field'},
        expect.objectContaining({type: 'invalid_type', loc: ['data', 'seed']}),
      ]),
    )
  })
})

describe('served tasks', () => {
  const served = new ServedTasks([task('a'), task('b'), task('c')])

  it('finds a task by id, and hands out the next in turn from the first again after the last', () => {
    expect(served.find('b')?.id).toBe('b')
    expect(served.find('z')).toBeUndefined()
    const turns = new ServedTasks([task('a'), task('b')])
    expect([turns.next(), turns.next(), turns.next()].map((t) => t?.id)).toEqual(['a', 'b', 'a'])
    expect(new ServedTasks([]).next()).toBeUndefined()
  })

  it('draws the same task for the same seed, and different seeds reach every task', () => {
    expect(served.drawn(7)?.id).toBe(served.drawn(7)?.id)
    const drawn = new Set(Array.from({length: 50}, (_, seed) => served.drawn(seed)?.id))
    expect(drawn).toEqual(new Set(['a', 'b', 'c']))
  })

  it('gives a task run again its next attempt, so each trajectory id is its own', () => {
    const attempts = new ServedTasks([task('a')])
    expect(attempts.nextAttempt('a')).toMatchObject({id: 'a#1', attempt: 1})
    expect(attempts.nextAttempt('a')).toMatchObject({id: 'a#2', attempt: 2})
    expect(attempts.nextAttempt('x')).toMatchObject({id: 'x#1', attempt: 1})
  })
})
