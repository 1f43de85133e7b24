#!/usr/bin/env python3
"""End-to-end smoke test of trainer/train.py on a GPU machine, with nothing downloaded.

    python trainer/gpu_smoke.py [--keep] [--plain]

Builds, in a temporary folder, a tiny randomly initialised Qwen3-VL (Qwen3VLForConditionalGeneration from a
Qwen3VLConfig with tiny sizes: 2 text layers of width 64, a 2-block vision tower of width 32, DeepStack on) and a
tiny processor made offline: a byte-level BPE tokenizer trained on the spot with Qwen's special tokens
(<|im_start|>, <|im_end|>, <|vision_start|>, <|image_pad|>, ...), Qwen3-VL's image processor settings (16-pixel
patches, 2x2 merge, 2-frame temporal patches) and a chat template in Qwen's format. It writes a dataset the way
`webgym train --backend torch` does (samples.jsonl, images/, train_config.json), checks the encoding (the labels are
exactly the response and <|im_end|>; one visual token per 2x2 patches) and that asking the model for only the kept
logits gives the full-logit loss, then runs the trainer under `accelerate launch` (--plain: plain python) twice:

- LoRA: the NDJSON event contract on stdout, a falling loss, checkpoints every save_steps and at the end, and an
  adapter that touches only the language model's projections and loads back with peft;
- full fine-tuning: a checkpoint that transformers loads back with its processor and runs.

Needs torch, transformers >= 4.57, peft, accelerate, tokenizers, pillow and torchvision; runs on a CPU too, slowly.
Exits 0 when every check passed, 1 naming the first that failed. --keep leaves the folder for inspection.
"""

from __future__ import annotations

import argparse
import inspect
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TRAIN_PY = os.path.join(HERE, "train.py")
sys.path.insert(0, HERE)

SPECIAL_TOKENS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|vision_start|>", "<|vision_end|>", "<|image_pad|>", "<|video_pad|>"]
# Qwen's chat format: each turn is <|im_start|>role\n...<|im_end|>\n, an image is <|vision_start|><|image_pad|><|vision_end|>.
CHAT_TEMPLATE = (
    "{%- for message in messages -%}"
    "{{- '<|im_start|>' + message['role'] + '\\n' -}}"
    "{%- if message['content'] is string -%}{{- message['content'] -}}"
    "{%- else -%}{%- for part in message['content'] -%}"
    "{%- if part['type'] == 'image' or 'image' in part or 'image_url' in part -%}{{- '<|vision_start|><|image_pad|><|vision_end|>' -}}"
    "{%- elif part['type'] == 'text' -%}{{- part['text'] -}}{%- endif -%}"
    "{%- endfor -%}{%- endif -%}"
    "{{- '<|im_end|>\\n' -}}"
    "{%- endfor -%}"
    "{%- if add_generation_prompt -%}{{- '<|im_start|>assistant\\n' -}}{%- endif -%}"
)
MIN_PIXELS = 32 * 32
MAX_PIXELS = 128 * 128
TEXT = dict(hidden_size=64, intermediate_size=128, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, head_dim=16)
VISION = dict(depth=2, hidden_size=32, intermediate_size=64, num_heads=2, in_channels=3, patch_size=16, temporal_patch_size=2,
              spatial_merge_size=2, out_hidden_size=64, num_position_embeddings=256, deepstack_visual_indexes=[0])
RESPONSES = [
    "Thought: the search box is at the top.\nAction: click(512, 64)",
    "Thought: type the query.\nAction: type(\"oat milk\")",
    "Thought: the results are below the fold.\nAction: scroll(down)",
    "Thought: this is the cheapest one.\nAction: click(300, 420)",
    "Thought: the page did not change.\nAction: back()",
    "Thought: I found it.\nAction: answer(\"$3.49\")",
]


class SmokeFailure(Exception):
    pass


def check(condition: bool, what: str) -> None:
    if not condition:
        raise SmokeFailure(what)
    print(f"ok: {what}", flush=True)


def build_tokenizer(folder: str):
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import AutoTokenizer

    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=600, special_tokens=SPECIAL_TOKENS, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False)
    corpus = RESPONSES + ["You are a web agent. Task: find the price of oat milk on shop.webgym.test", "Screenshot of the page"] * 4
    tokenizer.train_from_iterator(corpus, trainer=trainer)
    tokenizer.add_special_tokens(SPECIAL_TOKENS)
    os.makedirs(folder, exist_ok=True)
    tokenizer.save(os.path.join(folder, "tokenizer.json"))
    with open(os.path.join(folder, "tokenizer_config.json"), "w") as handle:
        json.dump({"tokenizer_class": "Qwen2Tokenizer", "eos_token": "<|im_end|>", "pad_token": "<|endoftext|>", "unk_token": None,
                   "bos_token": None, "model_max_length": 32768, "add_prefix_space": False, "errors": "replace"}, handle)
    loaded = AutoTokenizer.from_pretrained(folder)
    for token in SPECIAL_TOKENS:
        ids = loaded(token, add_special_tokens=False)["input_ids"]
        if len(ids) != 1:
            raise SmokeFailure(f"the tiny tokenizer splits {token} into {ids}")
    return loaded


def build_processor(folder: str):
    import transformers

    tokenizer = build_tokenizer(folder)
    image_kwargs = dict(patch_size=16, temporal_patch_size=2, merge_size=2, image_mean=[0.5] * 3, image_std=[0.5] * 3)
    image_processor = transformers.Qwen2VLImageProcessor(min_pixels=MIN_PIXELS, max_pixels=MAX_PIXELS, **image_kwargs)
    try:
        video_processor = transformers.Qwen3VLVideoProcessor(**image_kwargs)
    except Exception as error:  # noqa: BLE001
        raise SmokeFailure(f"cannot build Qwen3VLVideoProcessor (is torchvision installed?): {error}") from error
    processor = transformers.Qwen3VLProcessor(image_processor=image_processor, tokenizer=tokenizer, video_processor=video_processor, chat_template=CHAT_TEMPLATE)
    return processor, tokenizer


def build_model(folder: str, tokenizer) -> None:
    import transformers

    text = dict(TEXT, vocab_size=len(tokenizer), max_position_embeddings=4096, rms_norm_eps=1e-6, tie_word_embeddings=False)
    rope = {"rope_type": "default", "mrope_section": [4, 2, 2], "mrope_interleaved": True}  # sums to head_dim / 2
    if "rope_parameters" in inspect.signature(transformers.Qwen3VLTextConfig.__init__).parameters:
        text["rope_parameters"] = dict(rope, rope_theta=5_000_000.0)
    else:
        text["rope_scaling"] = rope
        text["rope_theta"] = 5_000_000.0
    ids = {name: tokenizer.convert_tokens_to_ids(token) for name, token in (
        ("image_token_id", "<|image_pad|>"), ("video_token_id", "<|video_pad|>"),
        ("vision_start_token_id", "<|vision_start|>"), ("vision_end_token_id", "<|vision_end|>"))}
    config = transformers.Qwen3VLConfig(text_config=text, vision_config=dict(VISION), tie_word_embeddings=False, **ids)
    model = transformers.Qwen3VLForConditionalGeneration(config)
    model.save_pretrained(folder)
    parameters = sum(p.numel() for p in model.parameters())
    print(f"tiny Qwen3-VL: {parameters:,} parameters in {folder}", flush=True)


def write_dataset(out: str) -> list[dict]:
    from PIL import Image, ImageDraw

    os.makedirs(os.path.join(out, "images"), exist_ok=True)
    samples = []
    for i, response in enumerate(RESPONSES + RESPONSES[:2]):
        name = f"images/shot-{i}.png"
        image = Image.new("RGB", (96, 64), (40 * i % 255, 90, 200))
        ImageDraw.Draw(image).rectangle([8 * i % 60, 10, 8 * i % 60 + 20, 30], fill=(255, 255, 255))
        image.save(os.path.join(out, name))
        user = [{"type": "text", "text": f"Task: find the price of oat milk. Step {i}."}, {"type": "image", "path": name}]
        messages = [{"role": "system", "content": "You are a web agent."}, {"role": "user", "content": user}]
        if i % 3 == 2:  # an earlier round, as the rollout's window sends it: prompt, never trained on
            messages = [messages[0], {"role": "user", "content": "Step 0: the home page."}, {"role": "assistant", "content": RESPONSES[0]}, messages[1]]
        samples.append({"id": f"shop.webgym.test:1@t#{i}", "messages": messages, "response": response, "weight": 0.0 if i == 7 else 1.0})
    with open(os.path.join(out, "samples.jsonl"), "w") as handle:
        for sample in samples:
            handle.write(json.dumps(sample) + "\n")
    return samples


def write_config(out: str, model: str, **overrides) -> str:
    import torch

    config = {
        "model": model, "samples": "samples.jsonl", "output_dir": "checkpoints", "finetuning": "lora",
        "lora": {"r": 16, "alpha": 32, "dropout": 0.05}, "learning_rate": 5e-3, "epochs": 10, "batch_size": 2,
        "gradient_accumulation_steps": 2, "max_pixels": MAX_PIXELS, "min_pixels": MIN_PIXELS, "save_steps": 5, "seed": 0,
        "bf16": bool(torch.cuda.is_available() and torch.cuda.is_bf16_supported()), "dataloader_workers": 1,
    }
    config.update(overrides)
    path = os.path.join(out, "train_config.json")
    with open(path, "w") as handle:
        json.dump(config, handle, indent=2)
    return path


def check_encoding(out: str, model_dir: str) -> None:
    """The label mask and the visual token count on the real processor, and kept logits = full logits."""
    import torch
    import transformers

    import train
    from webgym_trainer.config import read_config
    from webgym_trainer.data import collate, encode_sample, read_samples, turn_end_ids
    from webgym_trainer.loss import IGNORE_INDEX, logits_to_keep, reward_weighted_nll

    config = read_config(os.path.join(out, "train_config.json"))
    processor = train.load_processor(config, transformers)
    tokenizer = processor.tokenizer
    end_ids = turn_end_ids(tokenizer)
    check(end_ids == [tokenizer.convert_tokens_to_ids("<|im_end|>")], "the end-of-turn token is <|im_end|>")
    samples = read_samples(config.samples_path, config.root)
    examples = [encode_sample(sample, processor, end_ids, train.load_image) for sample in samples]
    for sample, example in zip(samples, examples):
        labels = example["labels"].tolist()
        kept = [token for token in labels if token != IGNORE_INDEX]
        decoded = tokenizer.decode(kept)
        check(decoded == sample.response + "<|im_end|>", f"sample {sample.id}: the labels decode to the response and <|im_end|>")
        first = labels.index(kept[0])
        prompt = tokenizer.decode(example["input_ids"][:first].tolist())
        check(prompt.endswith("<|im_start|>assistant\n"), f"sample {sample.id}: the prompt ends with the generation prompt")
        merge = processor.image_processor.merge_size ** 2
        expected = int(example["image_grid_thw"].prod(dim=1).sum()) // merge
        image_tokens = int((example["input_ids"] == tokenizer.convert_tokens_to_ids("<|image_pad|>")).sum())
        check(image_tokens == expected, f"sample {sample.id}: {image_tokens} visual tokens for grid {example['image_grid_thw'].tolist()}")

    model = transformers.AutoModelForImageTextToText.from_pretrained(model_dir)
    batch = collate(examples[:3], pad_id=tokenizer.pad_token_id)
    labels, weights = batch.pop("labels"), batch.pop("weights")
    with torch.no_grad():
        full = reward_weighted_nll(model(**batch).logits, labels, weights).loss
        keep = logits_to_keep(labels)
        kept = reward_weighted_nll(model(**batch, logits_to_keep=keep).logits, labels, weights).loss
    check(keep < labels.shape[1], f"logits_to_keep keeps {keep} of {labels.shape[1]} positions")
    check(torch.allclose(full, kept, atol=1e-5), f"the loss from kept logits ({kept.item():.6f}) equals the full-logit loss ({full.item():.6f})")
    check(math.isfinite(full.item()) and full.item() > 0, "the loss of the random model is finite and positive")


def run_trainer(config_path: str, plain: bool, bf16: bool) -> list[dict]:
    if plain:
        command = [sys.executable, TRAIN_PY, "--config", config_path, "--debug"]
    else:
        launcher = shutil.which("accelerate")
        prefix = [launcher] if launcher else [sys.executable, "-m", "accelerate.commands.launch"]
        command = [*prefix, *(["launch"] if launcher else []), "--num_processes", "1", "--num_machines", "1",
                   "--mixed_precision", "bf16" if bf16 else "no", "--dynamo_backend", "no", TRAIN_PY, "--config", config_path, "--debug"]
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    print("$ " + " ".join(command), flush=True)
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=1800)
    sys.stderr.write(result.stderr[-4000:])
    if result.returncode != 0:
        raise SmokeFailure(f"the trainer exited {result.returncode}: {result.stderr.strip().splitlines()[-1:] }")
    events = []
    for number, line in enumerate(result.stdout.splitlines(), start=1):
        try:
            events.append(json.loads(line))
        except json.JSONDecodeError as error:
            raise SmokeFailure(f"stdout line {number} is not JSON (only events may go to stdout): {line[:200]!r}") from error
    return events


def check_events(events: list[dict], total: int, save_steps: int) -> None:
    check(len(events) > 0 and events[0] == {"event": "start", "total_steps": total, "samples": 8}, f"start event: {events[:1]}")
    steps = [event for event in events if event["event"] == "step"]
    check([event["step"] for event in steps] == list(range(1, total + 1)), f"{total} step events in order")
    check(all(set(event) == {"event", "step", "total_steps", "loss", "lr"} and event["total_steps"] == total for event in steps), "step events carry step, total_steps, loss, lr")
    check(all(isinstance(event["loss"], float) and math.isfinite(event["loss"]) for event in steps), "every step loss is finite")
    saved = [event["step"] for event in events if event["event"] == "checkpoint"]
    expected = sorted({*range(save_steps, total, save_steps), total}) if save_steps else [total]
    check(saved == expected, f"checkpoints at steps {saved} (expected {expected})")
    done = events[-1]
    check(done["event"] == "done" and done["steps"] == total and done["final_loss"] == steps[-1]["loss"], f"done event: {done}")
    check(os.path.isabs(done["checkpoint"]) and os.path.isdir(done["checkpoint"]), f"the final checkpoint is a folder: {done['checkpoint']}")


def check_lora(events: list[dict], model_dir: str) -> None:
    import torch
    import transformers
    from peft import PeftModel
    from safetensors.torch import load_file

    losses = [event["loss"] for event in events if event["event"] == "step"]
    first, last = sum(losses[:3]) / 3, sum(losses[-3:]) / 3
    check(last < first, f"the loss falls: first steps {first:.4f}, last steps {last:.4f}")
    adapter = events[-1]["checkpoint"]
    with open(os.path.join(adapter, "adapter_config.json")) as handle:
        adapter_config = json.load(handle)
    targets = set(adapter_config["target_modules"])
    check(adapter_config["r"] == 16 and targets <= {"q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"}, f"adapter_config: r 16, targets {sorted(targets)}")
    weights = load_file(os.path.join(adapter, "adapter_model.safetensors"))
    check(len(weights) > 0 and all("lora_" in key and "language_model" in key for key in weights), f"{len(weights)} adapter tensors, all LoRA on the language model")
    check(not any("visual" in key for key in weights), "nothing in the vision tower")
    base = transformers.AutoModelForImageTextToText.from_pretrained(model_dir)
    model = PeftModel.from_pretrained(base, adapter)
    with torch.no_grad():
        logits = model(input_ids=torch.tensor([[1, 2, 3]])).logits
    check(torch.isfinite(logits).all().item(), "the adapter loads back with peft and runs")


def check_full(events: list[dict]) -> None:
    import torch
    import transformers

    folder = events[-1]["checkpoint"]
    model = transformers.AutoModelForImageTextToText.from_pretrained(folder)
    processor = transformers.AutoProcessor.from_pretrained(folder)
    inputs = processor(text=["<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n"], return_tensors="pt")
    with torch.no_grad():
        logits = model(**inputs).logits
    check(torch.isfinite(logits).all().item(), "the full checkpoint loads back with its processor and runs")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--plain", action="store_true", help="run train.py with plain python instead of accelerate launch")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="webgym-gpu-smoke-")
    try:
        import torch

        print(f"torch {torch.__version__}, cuda {torch.cuda.is_available()}, folder {folder}", flush=True)
        model_dir = os.path.join(folder, "tiny-qwen3-vl")
        processor, tokenizer = build_processor(model_dir)
        processor.save_pretrained(model_dir)
        build_model(model_dir, tokenizer)

        lora_out = os.path.join(folder, "lora")
        write_dataset(lora_out)
        lora_config = write_config(lora_out, model_dir)
        with open(lora_config) as handle:
            bf16 = json.load(handle)["bf16"]
        check_encoding(lora_out, model_dir)
        events = run_trainer(lora_config, args.plain, bf16)
        check_events(events, total=20, save_steps=5)  # 8 samples / batch 2 = 4 batches, 2 steps an epoch, 10 epochs
        check_lora(events, model_dir)

        full_out = os.path.join(folder, "full")
        write_dataset(full_out)
        full_config = write_config(full_out, model_dir, finetuning="full", learning_rate=1e-3, epochs=1.5, save_steps=0)
        events = run_trainer(full_config, args.plain, bf16)
        check_events(events, total=3, save_steps=0)  # 1.5 epochs of 2 steps, rounded up
        check_full(events)
        print("gpu smoke: all checks passed", flush=True)
        return 0
    except SmokeFailure as failure:
        print(f"gpu smoke: FAILED: {failure}", file=sys.stderr, flush=True)
        return 1
    finally:
        if args.keep:
            print(f"kept {folder}", flush=True)
        else:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
