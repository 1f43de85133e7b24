import {writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import {flatYaml} from './flat-yaml.js'
import {defaultTemplate, loraSettings, type Hyperparameters} from './train-settings.js'

// The files LLaMA-Factory reads besides the data: the dataset registry, the DeepSpeed ZeRO-2 config and train.yaml.

export const LLAMAFACTORY_DATASET = 'webgym'

export interface PixelRange {
  min: number
  max: number
}

/** dataset_info.json: data.json in ShareGPT format with a system tag and an images column. */
export function datasetInfo(): Record<string, unknown> {
  return {
    [LLAMAFACTORY_DATASET]: {
      file_name: 'data.json',
      formatting: 'sharegpt',
      columns: {messages: 'messages', images: 'images'},
      tags: {
        role_tag: 'role',
        content_tag: 'content',
        user_tag: 'user',
        assistant_tag: 'assistant',
        system_tag: 'system',
      },
    },
  }
}

/** ZeRO stage 2 with every size left to the trainer ("auto"), as LLaMA-Factory's examples have it. */
export function deepspeedZero2(): Record<string, unknown> {
  return {
    train_batch_size: 'auto',
    train_micro_batch_size_per_gpu: 'auto',
    gradient_accumulation_steps: 'auto',
    gradient_clipping: 'auto',
    zero_allow_untested_optimizer: true,
    fp16: {
      enabled: 'auto',
      loss_scale: 0,
      loss_scale_window: 1000,
      initial_scale_power: 16,
      hysteresis: 2,
      min_loss_scale: 1,
    },
    bf16: {enabled: 'auto'},
    zero_optimization: {
      stage: 2,
      allgather_partitions: true,
      allgather_bucket_size: 5e8,
      overlap_comm: false,
      reduce_scatter: true,
      reduce_bucket_size: 5e8,
      contiguous_gradients: true,
      round_robin_gradients: true,
    },
  }
}

/**
 * train.yaml: supervised fine-tuning of Qwen3-VL on the last turn of each sample only (mask_history), with the
 * screenshots at exactly the rollout's resolution (image_min_pixels = image_max_pixels = viewport area), so the model
 * trains on the visual tokens it saw. `out` is absolute: the file works from any working directory.
 */
export function trainYaml(out: string, hp: Hyperparameters, pixels: PixelRange): string {
  const lora = loraSettings(hp.loraRank)
  return `# Written by webgym train; run with: llamafactory-cli train ${join(out, 'train.yaml')}\n${flatYaml([
    {
      title: 'model',
      values: {
        model_name_or_path: hp.model,
        image_max_pixels: pixels.max,
        image_min_pixels: pixels.min,
        trust_remote_code: true,
      },
    },
    {
      title: 'method',
      values: {
        stage: 'sft',
        do_train: true,
        finetuning_type: hp.finetuning,
        ...(hp.finetuning === 'lora'
          ? {lora_rank: lora.r, lora_alpha: lora.alpha, lora_dropout: lora.dropout, lora_target: 'all'}
          : {}),
        deepspeed: join(out, 'ds_z2.json'),
      },
    },
    {
      title: 'dataset',
      values: {
        dataset: LLAMAFACTORY_DATASET,
        dataset_dir: out,
        template: hp.template ?? defaultTemplate(hp.model),
        cutoff_len: hp.cutoffLen,
        mask_history: true,
        overwrite_cache: true,
        dataloader_num_workers: 4,
      },
    },
    {
      title: 'output',
      values: {
        output_dir: join(out, 'checkpoints'),
        logging_steps: hp.loggingSteps,
        save_steps: hp.saveSteps,
        plot_loss: true,
        report_to: 'none',
      },
    },
    {
      title: 'train',
      values: {
        per_device_train_batch_size: hp.batchSize,
        gradient_accumulation_steps: hp.gradientAccumulation,
        learning_rate: hp.learningRate,
        num_train_epochs: hp.epochs,
        lr_scheduler_type: 'cosine',
        warmup_ratio: 0.1,
        bf16: hp.bf16,
        ddp_timeout: 180000000,
        seed: hp.seed,
      },
    },
  ])}`
}

export async function writeLlamaFactoryConfig(out: string, hp: Hyperparameters, pixels: PixelRange): Promise<void> {
  await writeFile(join(out, 'dataset_info.json'), `${JSON.stringify(datasetInfo(), null, 2)}\n`)
  await writeFile(join(out, 'ds_z2.json'), `${JSON.stringify(deepspeedZero2(), null, 2)}\n`)
  await writeFile(join(out, 'train.yaml'), trainYaml(out, hp, pixels))
}
