import {stat} from 'node:fs/promises'
import {basename, join, resolve} from 'node:path'
import {UsageError} from '../errors.js'
import {opt, optionText} from '../option-text.js'

export interface AdapterFolder {
  /** Absolute: vLLM reads the adapter from this path on its own machine. */
  path: string
  /** The model name the adapter is served under; rollouts name it as their model. */
  name: string
  /** Whether the folder exists here (a remote server's path need not). */
  local: boolean
}

/**
 * The adapter to load and its model name (default: the folder's name). A relative path is made absolute against the
 * working directory; a folder that exists here must be a LoRA checkpoint (adapter_config.json), while a path that
 * does not exist here is passed on as the server machine's own.
 */
export async function resolveAdapterFolder(adapter: string, name?: string): Promise<AdapterFolder> {
  if (adapter.trim() === '')
    throw new UsageError(optionText`${opt('adapter')} must name a LoRA checkpoint folder, got ""`)
  const path = resolve(adapter)
  const found = await stat(path).catch(() => undefined)
  if (found && !found.isDirectory())
    throw new UsageError(optionText`${opt('adapter')} must be a LoRA checkpoint folder, got the file ${path}`)
  if (found && !(await stat(join(path, 'adapter_config.json')).catch(() => undefined))) {
    throw new UsageError(
      `${path} is not a LoRA checkpoint: it has no adapter_config.json`,
      'pass a checkpoint-<step> folder of a LoRA run; a full fine-tune is served with `vllm serve FOLDER` instead',
    )
  }
  const chosen = name ?? basename(path)
  if (chosen === '' || /[\s\p{Cc}]/u.test(chosen)) {
    throw new UsageError(
      optionText`${opt('name')} must be a model name without spaces or control characters, got ${JSON.stringify(chosen)}`,
    )
  }
  return {path, name: chosen, local: found !== undefined}
}
