"""OUT/train_config.json: what `webgym train --backend torch` writes and trainer/train.py reads.

Paths in it are relative to the config's folder. Every field is checked before anything heavy is imported, and a
bad one stops the run with one line naming the file and the field. Keys beyond the contract are reported and ignored,
except these optional ones, which tune the trainer and default to what the contract implies:
gradient_checkpointing (true), max_grad_norm (1.0, 0 = off), weight_decay (0.0), dataloader_workers (2),
attn_implementation (null: transformers' default), freeze_vision (true: full fine-tuning leaves the vision tower
as it is; LoRA never touches it).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any, Callable

from .errors import TrainerError, describe_value, is_integer, is_number

FINETUNING = ("lora", "full")

CONTRACT_KEYS = (
    "model", "samples", "output_dir", "finetuning", "lora", "learning_rate", "epochs", "batch_size",
    "gradient_accumulation_steps", "max_pixels", "min_pixels", "save_steps", "seed", "bf16",
)
OPTIONAL_KEYS = ("gradient_checkpointing", "max_grad_norm", "weight_decay", "dataloader_workers", "attn_implementation", "freeze_vision")


@dataclass(frozen=True)
class LoraSettings:
    r: int
    alpha: float
    dropout: float


@dataclass(frozen=True)
class TrainConfig:
    path: str
    """The config file, as given."""
    root: str
    """Its folder: the dataset root that samples, images and checkpoints are relative to."""
    model: str
    samples_path: str
    output_dir: str
    finetuning: str
    lora: LoraSettings | None
    learning_rate: float
    epochs: float
    batch_size: int
    gradient_accumulation_steps: int
    max_pixels: int
    min_pixels: int
    save_steps: int
    seed: int
    bf16: bool
    gradient_checkpointing: bool = True
    max_grad_norm: float = 1.0
    weight_decay: float = 0.0
    dataloader_workers: int = 2
    attn_implementation: str | None = None
    freeze_vision: bool = True
    ignored_keys: tuple[str, ...] = ()


class _Fields:
    """Reads typed fields of one JSON object, raising a TrainerError that names the file and the field."""

    def __init__(self, where: str, data: dict[str, Any], prefix: str = "") -> None:
        self.where, self.data, self.prefix = where, data, prefix

    def fail(self, key: str, problem: str) -> TrainerError:
        return TrainerError(f'{self.where}: field "{self.prefix}{key}": {problem}')

    def get(self, key: str, check: Callable[[Any], bool], expected: str, default: Any = ...) -> Any:
        if key not in self.data:
            if default is not ...:
                return default
            raise self.fail(key, f"missing (expected {expected})")
        value = self.data[key]
        if not check(value):
            raise self.fail(key, f"expected {expected}, got {describe_value(value)}")
        return value


def _relative_path(value: Any) -> bool:
    return isinstance(value, str) and value.strip() != ""


def parse_config(data: Any, path: str) -> TrainConfig:
    """Validates a parsed train_config.json; `path` names it in errors and anchors its relative paths."""
    if not isinstance(data, dict):
        raise TrainerError(f"{path}: expected a JSON object, got {describe_value(data)}")
    fields = _Fields(path, data)
    root = os.path.dirname(path) or "."

    def positive_int(v: Any) -> bool:
        return is_integer(v) and v >= 1

    model = fields.get("model", _relative_path, "a model name or folder, e.g. \"Qwen/Qwen3-VL-8B-Instruct\"")
    samples = fields.get("samples", _relative_path, "a path, e.g. \"samples.jsonl\"")
    output_dir = fields.get("output_dir", _relative_path, "a path, e.g. \"checkpoints\"")
    finetuning = fields.get("finetuning", lambda v: v in FINETUNING, '"lora" or "full"')
    lora = None
    if finetuning == "lora":
        section = fields.get("lora", lambda v: isinstance(v, dict), 'an object {"r", "alpha", "dropout"}')
        lora_fields = _Fields(path, section, "lora.")
        lora = LoraSettings(
            r=int(lora_fields.get("r", positive_int, "a positive integer, e.g. 16")),
            alpha=float(lora_fields.get("alpha", lambda v: is_number(v) and v > 0, "a positive number, e.g. 32")),
            dropout=float(lora_fields.get("dropout", lambda v: is_number(v) and 0 <= v < 1, "a number from 0 to below 1, e.g. 0.05")),
        )
    elif "lora" in data and not isinstance(data["lora"], (dict, type(None))):
        raise fields.fail("lora", f"expected an object or null, got {describe_value(data['lora'])}")
    learning_rate = fields.get("learning_rate", lambda v: is_number(v) and v > 0, "a positive number, e.g. 1e-5")
    epochs = fields.get("epochs", lambda v: is_number(v) and v > 0, "a positive number, e.g. 1 or 0.5")
    batch_size = fields.get("batch_size", positive_int, "a positive integer")
    accumulation = fields.get("gradient_accumulation_steps", positive_int, "a positive integer")
    max_pixels = fields.get("max_pixels", positive_int, "a positive integer, e.g. 983040 for 1280x768")
    min_pixels = fields.get("min_pixels", positive_int, "a positive integer")
    if min_pixels > max_pixels:
        raise fields.fail("min_pixels", f"is {min_pixels}, above max_pixels ({max_pixels})")
    save_steps = fields.get("save_steps", lambda v: is_integer(v) and v >= 0, "an integer >= 0 (0: save at the end only)")
    seed = fields.get("seed", is_integer, "an integer")
    bf16 = fields.get("bf16", lambda v: isinstance(v, bool), "true or false")

    gradient_checkpointing = fields.get("gradient_checkpointing", lambda v: isinstance(v, bool), "true or false", True)
    max_grad_norm = fields.get("max_grad_norm", lambda v: is_number(v) and v >= 0, "a number >= 0 (0: no clipping)", 1.0)
    weight_decay = fields.get("weight_decay", lambda v: is_number(v) and v >= 0, "a number >= 0", 0.0)
    workers = fields.get("dataloader_workers", lambda v: is_integer(v) and v >= 0, "an integer >= 0", 2)
    attn = fields.get("attn_implementation", lambda v: v is None or _relative_path(v), 'null or a name, e.g. "sdpa"', None)
    freeze_vision = fields.get("freeze_vision", lambda v: isinstance(v, bool), "true or false", True)

    known = set(CONTRACT_KEYS) | set(OPTIONAL_KEYS)
    return TrainConfig(
        path=path,
        root=root,
        model=model,
        samples_path=os.path.join(root, samples),
        output_dir=os.path.join(root, output_dir),
        finetuning=finetuning,
        lora=lora,
        learning_rate=float(learning_rate),
        epochs=float(epochs),
        batch_size=int(batch_size),
        gradient_accumulation_steps=int(accumulation),
        max_pixels=int(max_pixels),
        min_pixels=int(min_pixels),
        save_steps=int(save_steps),
        seed=int(seed),
        bf16=bf16,
        gradient_checkpointing=gradient_checkpointing,
        max_grad_norm=float(max_grad_norm),
        weight_decay=float(weight_decay),
        dataloader_workers=int(workers),
        attn_implementation=attn,
        freeze_vision=freeze_vision,
        ignored_keys=tuple(sorted(key for key in data if key not in known)),
    )


def read_config(path: str) -> TrainConfig:
    """Reads and validates train_config.json."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as error:
        raise TrainerError(f"cannot read the config {path}: {error.strerror or error}") from error
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise TrainerError(f"{path}: not valid JSON ({error.msg} at line {error.lineno} column {error.colno})") from error
    return parse_config(data, path)
