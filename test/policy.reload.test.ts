import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import {join} from 'node:path'
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest'
import {assertBuilt, runWebgym} from './helpers/cli.js'
import {startStandin, type Standin} from './helpers/openai-standin.js'
import {workdir, type Workdir} from './helpers/workdir.js'

// `webgym policy reload` against the OpenAI stand-in, which speaks vLLM's LoRA routes, and against small servers that
// misbehave in the ways a real deployment can.
const BASE = 'Qwen/Qwen3-VL-8B-Instruct'

let wd: Workdir
let dir: string
let standin: Standin

/** A LoRA checkpoint folder as the trainer writes it. */
function checkpoint(step: number): string {
  const folder = wd.mkdir('checkpoints', `checkpoint-${step}`)
  wd.write(
    join('checkpoints', `checkpoint-${step}`, 'adapter_config.json'),
    JSON.stringify({peft_type: 'LORA', r: 16, lora_alpha: 32}),
  )
  wd.write(join('checkpoints', `checkpoint-${step}`, 'adapter_model.safetensors'), '')
  return folder
}

/** The built CLI's exit code, stdout and stderr as strings. */
async function reload(
  args: string[],
  cwd?: string,
): Promise<{exitCode: number | undefined; stdout: string; stderr: string}> {
  const result = await runWebgym(['policy', 'reload', ...args], {cwd})
  return {exitCode: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr)}
}

function lines(text: string): string[] {
  return text.trim() === '' ? [] : text.trim().split('\n')
}

/** A one-route-at-a-time HTTP server for the failure cases the stand-in does not play. */
async function startServer(
  handle: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): Promise<{url: string; server: Server; close: () => Promise<void>}> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {'content-type': 'application/json'})
  res.end(JSON.stringify(body))
}

beforeAll(async () => {
  assertBuilt()
  wd = workdir()
  dir = wd.dir
  standin = await startStandin({models: [BASE], requireApiKey: 'sk-reload-secret'})
})
afterEach(() => standin.reset())
afterAll(async () => {
  await standin.close()
})

describe('policy reload', () => {
  it('loads an adapter under the folder name and prints one JSON line', async () => {
    const folder = checkpoint(40)
    const result = await reload(['--base-url', `${standin.url}/`, '--adapter', folder, '--api-key', 'sk-reload-secret'])
    expect(result.exitCode, result.stderr).toBe(0)
    expect(lines(result.stdout)).toHaveLength(1)
    expect(JSON.parse(result.stdout)).toEqual({
      name: 'checkpoint-40',
      path: folder,
      base_url: standin.url,
      models: [BASE, 'checkpoint-40'],
    })
    expect(Object.keys(JSON.parse(result.stdout))).toEqual(['name', 'path', 'base_url', 'models'])
    expect(standin.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/load_lora_adapter',
      'GET /v1/models',
    ])
    expect(standin.requests[0].body).toEqual({lora_name: 'checkpoint-40', lora_path: folder, load_inplace: true})
    expect(standin.requests[0].headers.authorization).toBe('Bearer sk-reload-secret')
    expect(result.stderr).toContain(`serves ${folder} as "checkpoint-40"`)
    expect(result.stdout + result.stderr).not.toContain('sk-reload-secret')
  })

  it('reloads in place: the same name now serves the new checkpoint', async () => {
    const first = checkpoint(10)
    const second = checkpoint(20)
    const env = {OPENAI_BASE_URL: standin.url, OPENAI_API_KEY: 'sk-reload-secret'}
    const run = (folder: string) =>
      runWebgym(['policy', 'reload', '--adapter', folder, '--name', 'policy', '-q'], {env})
    const loaded = await run(first)
    expect(loaded.exitCode, loaded.stderr).toBe(0)
    expect(JSON.parse(loaded.stdout)).toMatchObject({name: 'policy', path: first})
    const reloaded = await run(second)
    expect(reloaded.exitCode, reloaded.stderr).toBe(0)
    expect(reloaded.stderr).toBe('')
    const output = JSON.parse(reloaded.stdout)
    expect(output).toMatchObject({name: 'policy', path: second, base_url: standin.url})
    expect(output.models.filter((id: string) => id === 'policy')).toHaveLength(1)
    const models = await fetch(`${standin.url}/models`, {headers: {authorization: 'Bearer sk-reload-secret'}}).then(
      (response) => response.json(),
    )
    expect(models.data.find((card: {id: string}) => card.id === 'policy').root).toBe(second)
  })

  it('makes a relative adapter path absolute against the working directory', async () => {
    checkpoint(30)
    const result = await reload(
      [
        '--base-url',
        standin.url,
        '--api-key',
        'sk-reload-secret',
        '--adapter',
        'checkpoints/checkpoint-30',
        '--name',
        'rel',
      ],
      dir,
    )
    expect(result.exitCode, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout).path).toBe(join(dir, 'checkpoints', 'checkpoint-30'))
    expect(standin.requests[0].body.lora_path).toBe(join(dir, 'checkpoints', 'checkpoint-30'))
  })

  it("sends a path that is not on this machine as the server machine's own", async () => {
    const result = await reload([
      '--base-url',
      standin.url,
      '--api-key',
      'sk-reload-secret',
      '--adapter',
      '/srv/gpu-node/run/checkpoint-9',
    ])
    expect(result.exitCode, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({name: 'checkpoint-9', path: '/srv/gpu-node/run/checkpoint-9'})
    expect(lines(result.stderr)).toEqual([
      expect.stringContaining('(a path on the server machine: it is not on this one)'),
    ])
  })

  it("exits 1 with the server's reason when it refuses the load", async () => {
    const result = await reload([
      '--base-url',
      standin.url,
      '--api-key',
      'sk-reload-secret',
      '--adapter',
      checkpoint(50),
      '--name',
      BASE,
    ])
    expect(result.exitCode).toBe(1)
    expect(result.stdout).toBe('')
    expect(lines(result.stderr)).toHaveLength(1)
    expect(result.stderr).toContain(
      `webgym: the server refused to load adapter "${BASE}" from ${join(dir, 'checkpoints', 'checkpoint-50')}: HTTP 400: The lora adapter '${BASE}' has already been loaded.`,
    )
  })

  it('exits 1 with a hint on a wrong key, and never prints the key', async () => {
    const result = await reload([
      '--base-url',
      standin.url,
      '--api-key',
      'sk-wrong-key-123',
      '--adapter',
      checkpoint(60),
    ])
    expect(result.exitCode).toBe(1)
    expect(lines(result.stderr)).toEqual([
      expect.stringMatching(/HTTP 401: Incorrect API key provided\. \(check --api-key \(or OPENAI_API_KEY\)\)$/),
    ])
    expect(result.stdout + result.stderr).not.toContain('sk-wrong-key-123')
  })

  it('explains a server without runtime LoRA updating', async () => {
    const plain = await startServer((req, res) => json(res, 404, {detail: 'Not Found'}))
    try {
      const result = await reload(['--base-url', plain.url, '--adapter', checkpoint(70)])
      expect(result.exitCode).toBe(1)
      expect(lines(result.stderr)).toHaveLength(1)
      expect(result.stderr).toContain(
        'HTTP 404: Not Found (start vLLM with --enable-lora and VLLM_ALLOW_RUNTIME_LORA_UPDATING=True',
      )
    } finally {
      await plain.close()
    }
  })

  it('exits 1 when the server takes the adapter but does not list it', async () => {
    const forgetful = await startServer((req, res) => {
      if (req.url === '/v1/load_lora_adapter') return void res.end("Success: LoRA adapter 'ghost' added successfully.")
      json(res, 200, {object: 'list', data: [{id: BASE, object: 'model', root: BASE}]})
    })
    try {
      const result = await reload(['--base-url', forgetful.url, '--adapter', checkpoint(80), '--name', 'ghost'])
      expect(result.exitCode).toBe(1)
      expect(result.stdout).toBe('')
      expect(lines(result.stderr)).toHaveLength(1)
      expect(result.stderr).toContain(
        `the server took adapter "ghost", but GET ${forgetful.url}/models does not list it (it lists "${BASE}")`,
      )
    } finally {
      await forgetful.close()
    }
  })

  it('exits 1 when the listed adapter still has the old path', async () => {
    const stale = await startServer((req, res) => {
      if (req.url === '/v1/load_lora_adapter') return void res.end('Success')
      json(res, 200, {
        object: 'list',
        data: [
          {id: BASE, root: BASE},
          {id: 'policy', root: '/old/checkpoint-1', parent: BASE},
        ],
      })
    })
    try {
      const result = await reload(['--base-url', stale.url, '--adapter', checkpoint(90), '--name', 'policy'])
      expect(result.exitCode).toBe(1)
      expect(result.stderr).toContain(
        `lists "policy" with root "/old/checkpoint-1", not ${join(dir, 'checkpoints', 'checkpoint-90')}: the adapter was not replaced`,
      )
    } finally {
      await stale.close()
    }
  })

  it('exits 1 naming the URL when nothing listens there', async () => {
    const gone = await startServer(() => {})
    await gone.close()
    const result = await reload(['--base-url', gone.url, '--adapter', checkpoint(100)])
    expect(result.exitCode).toBe(1)
    expect(result.stdout).toBe('')
    expect(lines(result.stderr)).toHaveLength(1)
    expect(result.stderr).toContain(`cannot reach the policy server: POST ${gone.url}/load_lora_adapter: ECONNREFUSED`)
    expect(result.stderr).toContain('is vLLM running there?')
  })

  it('gives up after --timeout on a server that never answers', async () => {
    const silent = await startServer(() => {})
    try {
      const started = performance.now()
      const result = await reload(['--base-url', silent.url, '--adapter', checkpoint(110), '--timeout', '1'])
      expect(result.exitCode).toBe(1)
      expect(result.stderr).toContain('load_lora_adapter: no reply within 1 s')
      expect(performance.now() - started).toBeLessThan(15_000)
    } finally {
      await silent.close()
    }
  })

  it.each([
    [[], /Missing required flag adapter/],
    [['--adapter', 'x', '--base-url', 'gpu:8000'], /--base-url is not an http\(s\) URL: "gpu:8000"/],
    [['--adapter', 'x', 'extra'], /Unexpected argument: extra/],
    [
      ['--adapter', '{dir}/checkpoints/checkpoint-40/adapter_config.json'],
      /--adapter must be a LoRA checkpoint folder, got the file/,
    ],
    [['--adapter', '{dir}'], /is not a LoRA checkpoint: it has no adapter_config\.json/],
    [
      ['--adapter', 'x', '--name', 'my policy'],
      /--name must be a model name without spaces or control characters, got "my policy"/,
    ],
    [['--adapter', 'x', '--timeout', '0'], /timeout/],
  ])('%j is a usage error (exit 2, one line, nothing sent)', async (args, message) => {
    checkpoint(40)
    const withBase = args.includes('--base-url') ? args : ['--base-url', standin.url, ...args]
    const result = await reload(withBase.map((arg) => arg.replace('{dir}', dir)))
    expect(result.exitCode, result.stderr).toBe(2)
    expect(result.stdout).toBe('')
    expect(lines(result.stderr)).toHaveLength(1)
    expect(result.stderr).toMatch(message)
    expect(standin.requests).toHaveLength(0)
  })
})
