"""The dataset: OUT/samples.jsonl read and checked, each sample turned into token ids and labels, batches collated.

One sample per line: {"id", "messages", "response", "weight"}. `messages` is the request the policy sent at one step,
in the OpenAI layout with images as {"type": "image", "path": "images/<name>"} (relative to the dataset folder);
`response` is the model's own raw reply, the target; `weight` its reward, possibly less a baseline.

Tokenisation mirrors what vLLM did at rollout time: the chat template renders the messages with the generation
prompt (`<|im_start|>assistant\\n` for Qwen3-VL) and the processor tokenises that with the screenshots, expanding
each image placeholder to its visual tokens; the response is tokenised on its own and appended, followed by the
end-of-turn token the model emitted to stop. The labels mask every prompt token (-100) and keep the response and
end-of-turn tokens: those are the actions.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import torch

from .errors import TrainerError, describe_value, is_number
from .loss import IGNORE_INDEX

ROLES = ("system", "user", "assistant")
TURN_END = "<|im_end|>"
"""The token that ends a turn in Qwen's chat format; the model stops by emitting it."""
VISION_KEYS = ("pixel_values", "image_grid_thw", "pixel_values_videos", "video_grid_thw", "second_per_grid_ts")
"""Processor outputs that hold one row per image patch or per image, not one value per token."""


@dataclass(frozen=True)
class Sample:
    id: str
    messages: list[dict[str, Any]]
    response: str
    weight: float
    line: int
    """1-based line of samples.jsonl, for error messages."""
    images: tuple[str, ...]
    """The image files, in the order they appear in the messages, resolved against the dataset folder."""


def _inside_dataset(relative: str) -> bool:
    if os.path.isabs(relative) or relative.startswith(("/", "\\")):
        return False
    parts = relative.replace("\\", "/").split("/")
    return ".." not in parts and all(part != "" for part in parts)


def parse_sample(data: Any, where: str, line: int, root: str) -> Sample:
    """Checks one parsed line; an error names the file, line and field, and quotes the bad value."""

    def fail(field: str, problem: str) -> TrainerError:
        return TrainerError(f'{where}:{line}: field "{field}": {problem}')

    def expect(field: str, value: Any, ok: bool, expected: str) -> None:
        if not ok:
            raise fail(field, f"missing (expected {expected})" if value is _MISSING else f"expected {expected}, got {describe_value(value)}")

    if not isinstance(data, dict):
        raise TrainerError(f"{where}:{line}: expected a JSON object, got {describe_value(data)}")
    sample_id = data.get("id", _MISSING)
    expect("id", sample_id, isinstance(sample_id, str) and sample_id != "", "a non-empty string")
    messages = data.get("messages", _MISSING)
    expect("messages", messages, isinstance(messages, list) and len(messages) > 0, "a non-empty array of messages")
    images: list[str] = []
    for m, message in enumerate(messages):
        at = f"messages[{m}]"
        expect(at, message, isinstance(message, dict), 'an object {"role", "content"}')
        role = message.get("role", _MISSING)
        expect(f"{at}.role", role, role in ROLES, '"system", "user" or "assistant"')
        content = message.get("content", _MISSING)
        expect(f"{at}.content", content, isinstance(content, (str, list)), "a string or an array of parts")
        if isinstance(content, str):
            continue
        for p, part in enumerate(content):
            part_at = f"{at}.content[{p}]"
            expect(part_at, part, isinstance(part, dict), 'an object {"type": "text", "text"} or {"type": "image", "path"}')
            kind = part.get("type", _MISSING)
            expect(f"{part_at}.type", kind, kind in ("text", "image"), '"text" or "image"')
            if kind == "text":
                text = part.get("text", _MISSING)
                expect(f"{part_at}.text", text, isinstance(text, str), "a string")
                continue
            path = part.get("path", _MISSING)
            expect(f"{part_at}.path", path, isinstance(path, str) and path != "", 'a relative path, e.g. "images/<name>.jpg"')
            if not _inside_dataset(path):
                raise fail(f"{part_at}.path", f"{json.dumps(path)} is not a relative path inside the dataset folder")
            resolved = os.path.join(root, path)
            if not os.path.isfile(resolved):
                raise fail(f"{part_at}.path", f"no such file: {resolved}")
            images.append(resolved)
    response = data.get("response", _MISSING)
    expect("response", response, isinstance(response, str), "a string (the model's raw reply)")
    weight = data.get("weight", _MISSING)
    expect("weight", weight, is_number(weight), "a finite number")
    return Sample(id=sample_id, messages=messages, response=response, weight=float(weight), line=line, images=tuple(images))


class _Missing:
    pass


_MISSING: Any = _Missing()


def read_samples(path: str, root: str) -> list[Sample]:
    """Reads samples.jsonl; blank lines are skipped, anything else that is not a valid sample stops the run."""
    samples: list[Sample] = []
    try:
        handle = open(path, encoding="utf-8")
    except OSError as error:
        raise TrainerError(f"cannot read the samples {path}: {error.strerror or error}") from error
    with handle:
        try:
            for line, text in enumerate(handle, start=1):
                if text.strip() == "":
                    continue
                try:
                    data = json.loads(text)
                except json.JSONDecodeError as error:
                    raise TrainerError(f"{path}:{line}: not valid JSON ({error.msg} at column {error.colno})") from error
                samples.append(parse_sample(data, path, line, root))
        except UnicodeDecodeError as error:
            raise TrainerError(f"{path}: not UTF-8 text ({error.reason} at byte {error.start})") from error
    if not samples:
        raise TrainerError(f"{path}: no samples (the file is empty)")
    return samples


def template_messages(sample: Sample) -> list[dict[str, Any]]:
    """The messages as a chat template takes them: images become {"type": "image"} placeholders, in order."""
    converted = []
    for message in sample.messages:
        content = message["content"]
        if not isinstance(content, str):
            content = [{"type": "image"} if part["type"] == "image" else {"type": "text", "text": part["text"]} for part in content]
        converted.append({"role": message["role"], "content": content})
    return converted


def build_labels(prompt_ids: Sequence[int], action_ids: Sequence[int]) -> tuple[list[int], list[int]]:
    """The label mask: input ids are the prompt then the action tokens; only the action tokens keep their labels.

    Pure over token id lists. `action_ids` are the response's tokens and the end-of-turn token; every prompt position
    gets IGNORE_INDEX, so neither the prompt's text nor its images are trained, only the actions.
    """
    if len(prompt_ids) == 0:
        raise ValueError("the prompt has no tokens")
    if len(action_ids) == 0:
        raise ValueError("there are no action tokens to learn")
    input_ids = [int(token) for token in prompt_ids] + [int(token) for token in action_ids]
    labels = [IGNORE_INDEX] * len(prompt_ids) + [int(token) for token in action_ids]
    return input_ids, labels


def turn_end_ids(tokenizer: Any) -> list[int]:
    """The end-of-turn token: Qwen's <|im_end|> when the vocabulary has it, else the tokenizer's EOS."""
    token_id = tokenizer.convert_tokens_to_ids(TURN_END)
    unknown = getattr(tokenizer, "unk_token_id", None)
    if isinstance(token_id, int) and token_id >= 0 and token_id != unknown:
        return [token_id]
    if getattr(tokenizer, "eos_token_id", None) is None:
        raise TrainerError(f"the tokenizer has neither {TURN_END} nor an EOS token to end the response with")
    return [int(tokenizer.eos_token_id)]


def encode_sample(sample: Sample, processor: Any, end_ids: Sequence[int], load_image: Callable[[str], Any]) -> dict[str, Any]:
    """One training example: 1-D input_ids and labels, every other per-token field the processor gives extended over
    the response, the vision tensors as the processor made them, and the weight."""
    prompt_text = processor.apply_chat_template(template_messages(sample), tokenize=False, add_generation_prompt=True)
    images = [load_image(path) for path in sample.images]
    encoded = processor(text=[prompt_text], images=images or None, return_tensors="pt")
    prompt_ids = encoded["input_ids"][0].tolist()
    response = sample.response
    tokenizer = getattr(processor, "tokenizer", processor)
    end_text = tokenizer.decode(list(end_ids))
    if end_text and response.endswith(end_text):
        response = response[: -len(end_text)]
    response_ids = tokenizer(response, add_special_tokens=False)["input_ids"]
    input_ids, labels = build_labels(prompt_ids, list(response_ids) + list(end_ids))
    added = len(input_ids) - len(prompt_ids)
    example: dict[str, Any] = {
        "input_ids": torch.tensor(input_ids, dtype=torch.long),
        "labels": torch.tensor(labels, dtype=torch.long),
        "weight": sample.weight,
    }
    for key, value in encoded.items():
        if key == "input_ids" or value is None:
            continue
        if key in VISION_KEYS:
            example[key] = value
            continue
        if not (isinstance(value, torch.Tensor) and value.dim() == 2 and value.shape == (1, len(prompt_ids))):
            raise TrainerError(f"sample {sample.id} (line {sample.line}): the processor returned {key} of shape {tuple(getattr(value, 'shape', ()))}, not one value per token")
        fill = 1 if key == "attention_mask" else 0
        example[key] = torch.cat([value[0], torch.full((added,), fill, dtype=value.dtype)])
    return example


def collate(examples: Sequence[dict[str, Any]], pad_id: int) -> dict[str, Any]:
    """A batch, left-padded so that every response ends at the last position (see loss.logits_to_keep): input ids
    padded with `pad_id`, labels with IGNORE_INDEX, the attention mask and other per-token fields with 0; vision
    tensors are concatenated along their first dimension (one row per patch or image, as Qwen-VL models take them)."""
    if not examples:
        raise ValueError("an empty batch")
    length = max(int(example["input_ids"].shape[0]) for example in examples)
    token_keys = [key for key in examples[0] if key not in VISION_KEYS and key != "weight"]
    batch: dict[str, Any] = {}
    for key in token_keys:
        fill = pad_id if key == "input_ids" else IGNORE_INDEX if key == "labels" else 0
        rows = []
        for example in examples:
            value = example[key]
            pad = torch.full((length - value.shape[0],), fill, dtype=value.dtype)
            rows.append(torch.cat([pad, value]))
        batch[key] = torch.stack(rows)
    if "attention_mask" not in batch:
        batch["attention_mask"] = torch.stack([
            torch.cat([torch.zeros(length - e["input_ids"].shape[0], dtype=torch.long), torch.ones(e["input_ids"].shape[0], dtype=torch.long)])
            for e in examples
        ])
    for key in VISION_KEYS:
        parts = [example[key] for example in examples if example.get(key) is not None]
        if parts:
            batch[key] = torch.cat(parts, dim=0)
    batch["weights"] = torch.tensor([float(example["weight"]) for example in examples], dtype=torch.float32)
    return batch
