import {ExternalError} from '../errors.js'
import {opt, optionText} from '../option-text.js'
import {requestServer, serverMessage, type PolicyServer, type ServerReply} from './server-request.js'

export interface ReloadResult {
  name: string
  path: string
  base_url: string
  /** Every model id the server lists after the load. */
  models: string[]
}

interface ModelCard {
  id: string
  root?: unknown
}

/**
 * Loads a LoRA checkpoint into a running vLLM under `name`, replacing an adapter of that name in place
 * (`load_inplace`, so rollouts keep their model name), then checks that GET /models lists it with `root` = the path.
 */
export async function reloadAdapter(
  server: PolicyServer,
  adapter: {name: string; path: string},
): Promise<ReloadResult> {
  const {name, path} = adapter
  const loaded = await requestServer(server, 'POST', '/load_lora_adapter', {
    lora_name: name,
    lora_path: path,
    load_inplace: true,
  })
  if (loaded.status < 200 || loaded.status > 299) throw refusal(loaded, server, adapter)
  const listed = await requestServer(server, 'GET', '/models')
  const cards = modelCards(listed)
  if (listed.status !== 200 || !cards) {
    const what =
      listed.status === 200
        ? 'a reply that is not a model list'
        : `HTTP ${listed.status}: ${serverMessage(listed, server.apiKey)}`
    throw new ExternalError(`the server took adapter "${name}", but GET ${server.baseUrl}/models answered ${what}`)
  }
  const ids = cards.map((card) => card.id)
  const card = cards.find((entry) => entry.id === name)
  if (!card) {
    throw new ExternalError(
      `the server took adapter "${name}", but GET ${server.baseUrl}/models does not list it (it lists ${ids.map((id) => JSON.stringify(id)).join(', ') || 'nothing'})`,
      optionText`if ${opt('baseUrl')} spreads requests over several vLLM servers, reload each one`,
    )
  }
  if (card.root !== path) {
    throw new ExternalError(
      `the server lists "${name}" with root ${JSON.stringify(card.root ?? null)}, not ${path}: the adapter was not replaced`,
      optionText`this vLLM may ignore load_inplace: upgrade it, or reload under a new ${opt('name')}`,
    )
  }
  return {name, path, base_url: server.baseUrl, models: ids}
}

function modelCards(reply: ServerReply): ModelCard[] | undefined {
  const data = (reply.json as {data?: unknown} | undefined)?.data
  if (!Array.isArray(data)) return undefined
  return data.filter((card): card is ModelCard => typeof card?.id === 'string')
}

function refusal(reply: ServerReply, server: PolicyServer, adapter: {name: string; path: string}): ExternalError {
  const message = serverMessage(reply, server.apiKey)
  const routeMissing =
    reply.status === 404 || reply.status === 405 ? /^not found$|method not allowed/i.test(message) : false
  const hint =
    reply.status === 401 || reply.status === 403
      ? optionText`check ${opt('apiKey')} (or OPENAI_API_KEY)`
      : routeMissing
        ? optionText`start vLLM with --enable-lora and VLLM_ALLOW_RUNTIME_LORA_UPDATING=True, and point ${opt('baseUrl')} at its /v1`
        : /already (been )?loaded/i.test(message)
          ? optionText`this vLLM ignores load_inplace (it predates in-place reloads): upgrade it, or reload under a new ${opt('name')}`
          : optionText`is ${opt('adapter')} a LoRA checkpoint folder the server machine can read, of rank <= its --max-lora-rank?`
  return new ExternalError(
    `the server refused to load adapter "${adapter.name}" from ${adapter.path}: HTTP ${reply.status}: ${message}`,
    hint,
  )
}
