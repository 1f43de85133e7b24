"""Stand-in transformers: AutoProcessor (the fake Qwen processor) and AutoModelForImageTextToText (a bigram LM)."""

import json
import os
from types import SimpleNamespace

import torch
from torch import nn

__version__ = "4.57.0"


def _options(folder):
    if not os.path.isdir(folder):
        raise OSError(f"{folder} is not a local folder and the stand-in downloads nothing")
    with open(os.path.join(folder, "standin.json")) as handle:
        return json.load(handle)


class AutoProcessor:
    @staticmethod
    def from_pretrained(folder):
        from tests.fake_processor import FakeProcessor

        _options(folder)
        return FakeProcessor()


class BigramLM(nn.Module):
    def __init__(self, vocab):
        super().__init__()
        self.config = SimpleNamespace(use_cache=True)
        self.embed = nn.Embedding(vocab, 16)
        self.visual = nn.Linear(6, 16)
        self.head = nn.Linear(16, vocab)
        self.checkpointing = None
        self.calls = []

    def gradient_checkpointing_enable(self, gradient_checkpointing_kwargs=None):
        self.checkpointing = gradient_checkpointing_kwargs

    def enable_input_require_grads(self):
        pass

    def forward(self, input_ids, attention_mask=None, logits_to_keep=0, use_cache=None, pixel_values=None, image_grid_thw=None, **kwargs):
        if attention_mask is None or attention_mask.shape != input_ids.shape:
            raise ValueError("the stand-in model wants an attention mask shaped like input_ids")
        hidden = torch.tanh(self.embed(input_ids))
        if pixel_values is not None:
            hidden = hidden + 0 * self.visual(pixel_values).mean()
        kept = hidden if logits_to_keep == 0 else hidden[:, -logits_to_keep:]
        log = os.environ.get("STANDIN_FORWARD_LOG")
        if log:
            with open(log, "a") as handle:
                handle.write(json.dumps({"shape": list(input_ids.shape), "keep": logits_to_keep, "images": None if image_grid_thw is None else image_grid_thw.shape[0], "extra": sorted(kwargs)}) + "\n")
        return SimpleNamespace(logits=self.head(kept))

    def save_pretrained(self, folder, state_dict=None, is_main_process=True):
        if is_main_process:
            os.makedirs(folder, exist_ok=True)
            torch.save(state_dict if state_dict is not None else self.state_dict(), os.path.join(folder, "model.pt"))
            with open(os.path.join(folder, "config.json"), "w") as handle:
                json.dump({"model_type": "bigram-standin"}, handle)


class AutoModelForImageTextToText:
    @staticmethod
    def from_pretrained(folder, dtype=None, torch_dtype=None, attn_implementation=None):
        options = _options(folder)
        torch.manual_seed(0)
        return BigramLM(options.get("vocab", 300)).to(dtype or torch_dtype or torch.float32)
