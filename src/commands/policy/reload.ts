import {Flags} from '@oclif/core'
import {BaseCommand} from '../../cli/base-command.js'
import {baseUrlsFromFlag, llmFlags} from '../../cli/llm-flags.js'
import {writeText} from '../../lib/io/write-text.js'
import {resolveAdapterFolder} from '../../lib/policy-server/adapter-folder.js'
import {reloadAdapter} from '../../lib/policy-server/reload-adapter.js'

export default class PolicyReload extends BaseCommand<typeof PolicyReload> {
  static summary = 'Load a LoRA checkpoint into a running vLLM in place; the next rollouts use it.'
  static description = `Closes the online RL loop without restarting the policy server: POSTs the adapter to vLLM's /load_lora_adapter with load_inplace, so an adapter already served under --name is replaced and rollouts keep naming it (rollout --model), then checks that GET /models lists the name with the new path as its root. Prints one JSON line on stdout per server: {"name", "path", "base_url", "models"}; with several --base-url (vLLM replicas), each loads it in turn.

The server must run with --enable-lora (and --max-lora-rank at least the adapter's rank) and VLLM_ALLOW_RUNTIME_LORA_UPDATING=True in its environment. --adapter is read by the server: a relative path is made absolute here, so use a folder both machines see at the same path (or an absolute path on the server's machine). A local folder must hold adapter_config.json: full fine-tunes are served with \`vllm serve FOLDER\`, not reloaded.

Exit 1 when the server cannot be reached, refuses the adapter or does not list it afterwards; exit 2 on usage errors.`

  static examples = [
    '<%= config.bin %> policy reload --base-url http://gpu:8000/v1 --adapter runs/it3/checkpoints/checkpoint-120 --name policy',
    'OPENAI_BASE_URL=http://gpu:8000/v1 <%= config.bin %> policy reload --adapter /shared/runs/it4/checkpoints/checkpoint-96 --name policy -q',
  ]

  static flags = {
    'base-url': llmFlags['base-url'],
    'api-key': llmFlags['api-key'],
    adapter: Flags.string({
      required: true,
      helpValue: 'PATH',
      description: 'LoRA checkpoint folder (adapter_config.json + weights), e.g. what webgym train wrote.',
    }),
    name: Flags.string({
      helpValue: 'NAME',
      description: "Model name to serve the adapter under [default: the adapter folder's name].",
    }),
    timeout: Flags.integer({
      default: 120,
      min: 1,
      helpValue: 'SECONDS',
      description: 'Limit on each request to the server (loading reads the adapter from disk).',
    }),
  }

  async run(): Promise<void> {
    const {flags} = this
    // Every replica serves the adapter: one JSON line each, in the order given.
    const baseUrls = baseUrlsFromFlag(flags['base-url'])
    const adapter = await resolveAdapterFolder(flags.adapter, flags.name)
    for (const baseUrl of baseUrls) {
      const result = await reloadAdapter({baseUrl, apiKey: flags['api-key'], timeoutMs: flags.timeout * 1000}, adapter)
      await writeText(`${JSON.stringify(result)}\n`)
      const remote = adapter.local ? '' : ' (a path on the server machine: it is not on this one)'
      this.reporter.info(`policy reload: ${baseUrl} serves ${result.path} as "${result.name}"${remote}`)
    }
  }
}
