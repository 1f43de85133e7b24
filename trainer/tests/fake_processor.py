"""A stand-in for a Qwen3-VL processor, in pure Python: Qwen's chat format, one token per character, special tokens
whole, and each image placeholder expanded to as many visual tokens as the (fake) image says."""

import os
import re
from types import SimpleNamespace

import torch

SPECIAL = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|vision_start|>", "<|vision_end|>", "<|image_pad|>"]
SPLIT = re.compile("(" + "|".join(re.escape(token) for token in SPECIAL) + ")")


class FakeTokenizer:
    pad_token_id = 0
    unk_token_id = None

    def __init__(self, with_im_end: bool = True) -> None:
        self.with_im_end = with_im_end
        self.eos_token_id = 0

    def convert_tokens_to_ids(self, token):
        if token in SPECIAL and (self.with_im_end or token != "<|im_end|>"):
            return SPECIAL.index(token)
        return None

    def encode(self, text):
        ids = []
        for piece in SPLIT.split(text):
            if piece in SPECIAL:
                ids.append(SPECIAL.index(piece))
            else:
                ids.extend(100 + ord(char) for char in piece)
        return ids

    def __call__(self, text, add_special_tokens=False):
        return {"input_ids": self.encode(text)}

    def decode(self, ids):
        return "".join(SPECIAL[i] if i < len(SPECIAL) else chr(i - 100) for i in ids)


class FakeProcessor:
    """images are ints: the number of visual tokens each one becomes."""

    chat_template = "qwen (fake)"

    def __init__(self, tokenizer=None) -> None:
        self.tokenizer = tokenizer or FakeTokenizer()
        self.image_processor = SimpleNamespace(size=None, merge_size=2)
        self.calls = []

    def save_pretrained(self, folder):
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "processor_config.json"), "w") as handle:
            handle.write('{"processor_class": "FakeProcessor"}')

    def apply_chat_template(self, messages, tokenize=False, add_generation_prompt=False):
        assert tokenize is False
        text = ""
        for message in messages:
            content = message["content"]
            if not isinstance(content, str):
                assert all(set(part) <= {"type", "text"} for part in content), "only type/text keys reach the template"
                content = "".join("<|vision_start|><|image_pad|><|vision_end|>" if part["type"] == "image" else part["text"] for part in content)
            text += f"<|im_start|>{message['role']}\n{content}<|im_end|>\n"
        return text + ("<|im_start|>assistant\n" if add_generation_prompt else "")

    def __call__(self, text, images=None, return_tensors="pt"):
        self.calls.append((text, images))
        sizes = list(images or [])
        assert text[0].count("<|image_pad|>") == len(sizes), "one placeholder per image"
        pieces = text[0].split("<|image_pad|>")
        ids = self.tokenizer.encode(pieces[0])
        for size, piece in zip(sizes, pieces[1:]):
            ids += [SPECIAL.index("<|image_pad|>")] * size + self.tokenizer.encode(piece)
        image_pad = SPECIAL.index("<|image_pad|>")
        encoded = {
            "input_ids": torch.tensor([ids]),
            "attention_mask": torch.ones(1, len(ids), dtype=torch.long),
            "mm_token_type_ids": torch.tensor([[1 if token == image_pad else 0 for token in ids]]),
        }
        if sizes:
            encoded["pixel_values"] = torch.randn(sum(4 * size for size in sizes), 6)
            encoded["image_grid_thw"] = torch.tensor([[1, 2, 2 * size] for size in sizes])
        return encoded
