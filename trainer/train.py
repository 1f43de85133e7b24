#!/usr/bin/env python3
"""webgym's trainer: reward-weighted behaviour cloning of a Qwen3-VL web agent on the samples `webgym train` wrote.

    accelerate launch trainer/train.py --config OUT/train_config.json

Reads OUT/train_config.json and OUT/samples.jsonl (checked whole before any model is loaded), fine-tunes the model
with LoRA (language-model projections only, the adapter vLLM loads with `webgym policy reload`) or in full, and
minimises webgym_trainer.loss.reward_weighted_nll with AdamW at a constant learning rate under accelerate (gradient
accumulation, bf16 mixed precision, any number of processes). Checkpoints go to OUT/<output_dir>/checkpoint-<step>
every save_steps optimizer steps and at the end: the adapter for LoRA, the whole model and its processor for full.

stdout carries NDJSON progress events only (see webgym_trainer.progress); everything else goes to stderr. A failure
exits 1 with one line, `webgym-trainer: <what went wrong>`; --debug (or WEBGYM_DEBUG=1) adds the stack trace.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import math
import os
import re
import sys
import traceback
from functools import partial
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from webgym_trainer.config import TrainConfig, read_config  # noqa: E402
from webgym_trainer.data import Sample, collate, encode_sample, read_samples, turn_end_ids  # noqa: E402
from webgym_trainer.errors import TrainerError  # noqa: E402
from webgym_trainer.loss import logits_to_keep, reward_weighted_nll  # noqa: E402
from webgym_trainer.progress import Events, claim_stdout, optimizer_steps  # noqa: E402

REQUIREMENTS = "pip install 'transformers>=4.57' peft accelerate pillow"
# Qwen3-VL's language-model projections. Its vision tower names its layers qkv, proj and linear_fc*, so these leave
# it alone: vLLM applies LoRA to the language model, and the adapter must hold nothing it would reject.
LORA_TARGETS = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]


def process_rank() -> int:
    try:
        return int(os.environ.get("RANK", "0") or 0)
    except ValueError:
        return 0


def log(message: str) -> None:
    """A status line on stderr, from the main process only."""
    if process_rank() == 0:
        print(f"webgym-trainer: {message}", file=sys.stderr, flush=True)


def first_line(text: str, limit: int = 300) -> str:
    line = next((part.strip() for part in str(text).splitlines() if part.strip()), "")
    return line if len(line) <= limit else line[:limit] + "…"


def import_stack(config: TrainConfig) -> dict[str, Any]:
    """transformers, accelerate (and peft for LoRA), or one line that says how to install what is missing."""
    names = ["transformers", "accelerate"] + (["peft"] if config.finetuning == "lora" else []) + ["PIL"]
    modules: dict[str, Any] = {}
    missing = []
    for name in names:
        try:
            modules[name] = importlib.import_module(name)
        except ImportError:
            missing.append("pillow" if name == "PIL" else name)
    if missing:
        raise TrainerError(f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} not installed for {sys.executable}: {REQUIREMENTS}")
    return modules


def transformers_version(transformers: Any) -> tuple[int, int]:
    match = re.match(r"(\d+)\.(\d+)", getattr(transformers, "__version__", "0.0"))
    return (int(match.group(1)), int(match.group(2))) if match else (0, 0)


def load_processor(config: TrainConfig, transformers: Any) -> Any:
    """The model's processor, with the screenshot resolution bounds of the config (they must match what vLLM saw)."""
    try:
        processor = transformers.AutoProcessor.from_pretrained(config.model)
    except (OSError, ValueError) as error:
        raise TrainerError(f"cannot load the processor of {config.model}: {first_line(error)}") from error
    image_processor = getattr(processor, "image_processor", None)
    if image_processor is None or not hasattr(processor, "apply_chat_template"):
        raise TrainerError(f"{config.model} has no image processor: train a vision-language model such as Qwen/Qwen3-VL-8B-Instruct")
    if not getattr(processor, "chat_template", None):
        raise TrainerError(f"{config.model} has no chat template, so the prompts vLLM saw cannot be rebuilt")
    image_processor.size = {"shortest_edge": config.min_pixels, "longest_edge": config.max_pixels}
    for name, value in (("min_pixels", config.min_pixels), ("max_pixels", config.max_pixels)):
        if hasattr(image_processor, name):
            setattr(image_processor, name, value)
    return processor


def find_vision_tower(model: Any) -> Any:
    for holder in (model, getattr(model, "model", None)):
        tower = getattr(holder, "visual", None) if holder is not None else None
        if tower is not None:
            return tower
    return None


def load_model(config: TrainConfig, modules: dict[str, Any]) -> Any:
    """The model to train: LoRA on a frozen base (bf16 when asked), or every weight in float32 under bf16 autocast."""
    import torch

    transformers = modules["transformers"]
    dtype = torch.bfloat16 if config.bf16 and config.finetuning == "lora" else torch.float32
    kwargs: dict[str, Any] = {("dtype" if transformers_version(transformers) >= (4, 56) else "torch_dtype"): dtype}
    if config.attn_implementation:
        kwargs["attn_implementation"] = config.attn_implementation
    auto = getattr(transformers, "AutoModelForImageTextToText", None) or transformers.AutoModelForVision2Seq
    try:
        model = auto.from_pretrained(config.model, **kwargs)
    except (OSError, ValueError) as error:
        raise TrainerError(f"cannot load the model {config.model}: {first_line(error)}") from error
    model.config.use_cache = False
    if config.gradient_checkpointing:
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
    if config.finetuning == "lora":
        peft = modules["peft"]
        if config.gradient_checkpointing:
            model.enable_input_require_grads()
        settings = peft.LoraConfig(
            r=config.lora.r,
            lora_alpha=config.lora.alpha,
            lora_dropout=config.lora.dropout,
            target_modules=LORA_TARGETS,
            task_type="CAUSAL_LM",
        )
        model = peft.get_peft_model(model, settings)
    elif config.freeze_vision:
        tower = find_vision_tower(model)
        if tower is None:
            log("no vision tower found to freeze; every weight is trained")
        else:
            for parameter in tower.parameters():
                parameter.requires_grad_(False)
    trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
    total = sum(p.numel() for p in model.parameters())
    if trainable == 0:
        raise TrainerError(f"nothing to train in {config.model}: no LoRA target ({', '.join(LORA_TARGETS)}) and no trainable weight")
    log(f"{config.model}: {config.finetuning} fine-tuning of {trainable:,} of {total:,} parameters")
    return model


def accepts_logits_to_keep(model: Any) -> bool:
    base = model.get_base_model() if hasattr(model, "get_base_model") else model
    try:
        return "logits_to_keep" in inspect.signature(base.forward).parameters
    except (TypeError, ValueError):
        return False


def load_image(path: str) -> Any:
    from PIL import Image

    with Image.open(path) as image:
        return image.convert("RGB")


class SampleDataset:
    """Samples encoded on demand (in the DataLoader's workers). A sample that cannot be encoded becomes an error
    entry, raised in the main process as one line naming it: exceptions from workers arrive as tracebacks."""

    def __init__(self, samples: list[Sample], processor: Any, end_ids: list[int], samples_path: str) -> None:
        self.samples, self.processor, self.end_ids, self.samples_path = samples, processor, end_ids, samples_path

    def __len__(self) -> int:
        return len(self.samples)

    def __getitem__(self, index: int) -> dict[str, Any]:
        sample = self.samples[index]
        try:
            return encode_sample(sample, self.processor, self.end_ids, load_image)
        except Exception as error:  # noqa: BLE001 - reported with the sample's line below
            return {"error": f"{self.samples_path}:{sample.line}: sample {sample.id} cannot be encoded: {type(error).__name__}: {first_line(error)}"}


def collate_or_error(examples: list[dict[str, Any]], pad_id: int) -> dict[str, Any]:
    failed = next((example["error"] for example in examples if "error" in example), None)
    return {"error": failed} if failed else collate(examples, pad_id)


def save_checkpoint(accelerator: Any, model: Any, processor: Any, config: TrainConfig, step: int) -> str:
    """checkpoint-<step>: the adapter (LoRA), or the model in bf16 when trained under bf16 plus its processor (full)."""
    import torch

    path = os.path.abspath(os.path.join(config.output_dir, f"checkpoint-{step}"))
    state_dict = accelerator.get_state_dict(model)
    unwrapped = accelerator.unwrap_model(model)
    if config.finetuning == "full" and config.bf16 and state_dict is not None:
        state_dict = {key: value.to(torch.bfloat16) if value.is_floating_point() else value for key, value in state_dict.items()}
        for attribute in ("dtype", "torch_dtype"):
            try:
                setattr(unwrapped.config, attribute, torch.bfloat16)
            except Exception:  # noqa: BLE001 - older and newer configs name it differently
                pass
    unwrapped.save_pretrained(path, state_dict=state_dict, is_main_process=accelerator.is_main_process)
    if config.finetuning == "full" and accelerator.is_main_process:
        processor.save_pretrained(path)
    accelerator.wait_for_everyone()
    return path


def train(config: TrainConfig, samples: list[Sample], events: Events) -> None:
    modules = import_stack(config)
    import torch
    from accelerate import Accelerator
    from accelerate.utils import set_seed

    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    accelerator = Accelerator(
        gradient_accumulation_steps=config.gradient_accumulation_steps,
        mixed_precision="bf16" if config.bf16 else "no",
    )
    events.enabled = events.enabled and accelerator.is_main_process
    set_seed(config.seed)
    processor = load_processor(config, modules["transformers"])
    tokenizer = getattr(processor, "tokenizer", processor)
    end_ids = turn_end_ids(tokenizer)
    pad_id = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else end_ids[0]
    model = load_model(config, modules)
    keep_logits = accepts_logits_to_keep(model)

    generator = torch.Generator()
    generator.manual_seed(config.seed)
    loader = torch.utils.data.DataLoader(
        SampleDataset(samples, processor, end_ids, config.samples_path),
        batch_size=config.batch_size,
        shuffle=True,
        generator=generator,
        collate_fn=partial(collate_or_error, pad_id=pad_id),
        num_workers=config.dataloader_workers,
    )
    trainable = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(trainable, lr=config.learning_rate, weight_decay=config.weight_decay)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    trainable = [p for p in model.parameters() if p.requires_grad]
    _, total_steps = optimizer_steps(len(loader), config.gradient_accumulation_steps, config.epochs)
    log(
        f"{len(samples)} samples, {config.batch_size} x {config.gradient_accumulation_steps} accumulated x "
        f"{accelerator.num_processes} processes per step, {total_steps} steps"
    )
    events.start(total_steps, len(samples))

    model.train()
    step = 0
    window: list[Any] = []
    last_loss: float | None = None
    while step < total_steps:
        for batch in loader:
            if "error" in batch:
                raise TrainerError(batch["error"])
            labels = batch.pop("labels")
            weights = batch.pop("weights")
            with accelerator.accumulate(model):
                if keep_logits:
                    batch["logits_to_keep"] = logits_to_keep(labels)
                outputs = model(**batch, use_cache=False)
                result = reward_weighted_nll(outputs.logits, labels, weights)
                accelerator.backward(result.loss)
                if accelerator.sync_gradients and config.max_grad_norm > 0:
                    accelerator.clip_grad_norm_(trainable, config.max_grad_norm)
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
            window.append(result.loss.detach().float())
            if not accelerator.sync_gradients:
                continue
            step += 1
            loss = accelerator.reduce(torch.stack(window).mean(), reduction="mean").item()
            window.clear()
            if not math.isfinite(loss):
                raise TrainerError(f"the loss is {loss} at step {step}: lower learning_rate, or check the samples' weights")
            last_loss = loss
            events.step(step, total_steps, loss, optimizer.param_groups[0]["lr"])
            if config.save_steps and step % config.save_steps == 0 and step < total_steps:
                events.checkpoint(step, save_checkpoint(accelerator, model, processor, config, step))
            if step >= total_steps:
                break
    final = save_checkpoint(accelerator, model, processor, config, step)
    events.checkpoint(step, final)
    events.done(step, last_loss, final)
    log(f"done: {step} steps, final loss {last_loss:.4f}, checkpoint {final}" if last_loss is not None else f"done: checkpoint {final}")


def describe_crash(error: BaseException) -> str:
    name = type(error).__name__
    if name == "OutOfMemoryError" or "out of memory" in str(error).lower():
        return "out of GPU memory: lower batch_size (and raise gradient_accumulation_steps) or max_pixels, or use LoRA"
    return f"training failed: {name}: {first_line(error)}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="trainer/train.py", description="Reward-weighted behaviour cloning of a Qwen3-VL web agent.")
    parser.add_argument("--config", required=True, help="OUT/train_config.json written by `webgym train --backend torch`")
    parser.add_argument("--debug", action="store_true", help="print the stack trace of a failure")
    args = parser.parse_args(argv)
    debug = args.debug or os.environ.get("WEBGYM_DEBUG", "") not in ("", "0")
    events = Events(claim_stdout(), enabled=process_rank() == 0)
    rank = process_rank()
    try:
        config = read_config(args.config)
        samples = read_samples(config.samples_path, config.root)
        if config.ignored_keys:
            log(f"ignoring config keys this trainer does not know: {', '.join(config.ignored_keys)}")
        train(config, samples, events)
        return 0
    except TrainerError as error:
        if rank == 0:
            print(f"webgym-trainer: {first_line(error, 1000)}", file=sys.stderr, flush=True)
        if debug:
            traceback.print_exc()
        return 1
    except KeyboardInterrupt:
        print("webgym-trainer: interrupted", file=sys.stderr, flush=True)
        return 130
    except Exception as error:  # noqa: BLE001 - one line, the trace only with --debug
        prefix = "webgym-trainer: " if rank == 0 else f"webgym-trainer [rank {rank}]: "
        hint = "" if debug else " (run with --debug for the stack trace)"
        print(f"{prefix}{describe_crash(error)}{hint}", file=sys.stderr, flush=True)
        if debug:
            traceback.print_exc()
        return 1


if __name__ == "__main__":
    sys.exit(main())
