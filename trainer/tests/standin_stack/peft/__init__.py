"""Stand-in peft: LoRA is a trainable copy of the head added to the frozen model's logits."""

import json
import os
from types import SimpleNamespace

import torch
from torch import nn


class LoraConfig:
    def __init__(self, **settings):
        self.settings = settings


class PeftModel(nn.Module):
    def __init__(self, base, config):
        super().__init__()
        self.base_model = base
        self.settings = config.settings
        for parameter in base.parameters():
            parameter.requires_grad_(False)
        self.lora = nn.Linear(16, base.head.out_features, bias=False)
        nn.init.zeros_(self.lora.weight)

    def get_base_model(self):
        return self.base_model

    def forward(self, input_ids, logits_to_keep=0, **kwargs):
        out = self.base_model(input_ids, logits_to_keep=logits_to_keep, **kwargs)
        hidden = torch.tanh(self.base_model.embed(input_ids))
        hidden = hidden if logits_to_keep == 0 else hidden[:, -logits_to_keep:]
        return SimpleNamespace(logits=out.logits + self.lora(hidden))

    def save_pretrained(self, folder, state_dict=None, is_main_process=True):
        if is_main_process:
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, "adapter_config.json"), "w") as handle:
                json.dump({"peft_type": "LORA", **self.settings}, handle)
            torch.save({k: v for k, v in (state_dict or self.state_dict()).items() if k.startswith("lora")}, os.path.join(folder, "adapter_model.pt"))


def get_peft_model(model, config):
    return PeftModel(model, config)
