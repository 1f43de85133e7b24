"""The real train.py, end to end, on a stand-in training stack (tests/standin_stack): the event contract, the step
and checkpoint schedule, fractional epochs, frozen vision tower, and failures reported as one line."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

import torch

from .test_inputs import good_config

TRAINER = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STANDIN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "standin_stack")


def sample(i, images=(), weight=1.0):
    parts = [{"type": "text", "text": f"Task: buy milk, step {i}"}] + [{"type": "image", "path": path} for path in images]
    return {
        "id": f"shop:1@t#{i}",
        "messages": [{"role": "system", "content": "You are a web agent."}, {"role": "user", "content": parts}],
        "response": f"click({100 + i}, 200)",
        "weight": weight,
    }


class TrainLoopTest(unittest.TestCase):
    def setUp(self) -> None:
        self.dir = tempfile.TemporaryDirectory()
        self.out = self.dir.name
        self.model = os.path.join(self.out, "tiny-model")
        os.makedirs(self.model)
        with open(os.path.join(self.model, "standin.json"), "w") as handle:
            json.dump({"vocab": 300}, handle)
        os.makedirs(os.path.join(self.out, "images"))
        for name, content in (("a.png", "3"), ("b.png", "5"), ("broken.png", "not an image")):
            with open(os.path.join(self.out, "images", name), "w") as handle:
                handle.write(content)
        self.forward_log = os.path.join(self.out, "forward.ndjson")

    def tearDown(self) -> None:
        self.dir.cleanup()

    def train(self, samples, **config):
        with open(os.path.join(self.out, "samples.jsonl"), "w") as handle:
            for item in samples:
                handle.write(json.dumps(item) + "\n")
        settings = good_config(model=self.model, dataloader_workers=0, learning_rate=0.05, bf16=False)
        settings.update(config)
        with open(os.path.join(self.out, "train_config.json"), "w") as handle:
            json.dump(settings, handle)
        env = {**os.environ, "PYTHONPATH": STANDIN, "STANDIN_FORWARD_LOG": self.forward_log}
        result = subprocess.run([sys.executable, os.path.join(TRAINER, "train.py"), "--config", os.path.join(self.out, "train_config.json")], capture_output=True, text=True, env=env, timeout=120)
        context = f"exit {result.returncode}\nstdout: {result.stdout}\nstderr: {result.stderr}"
        events = [json.loads(line) for line in result.stdout.splitlines()] if result.returncode == 0 else []
        return result, events, context

    def test_lora_run_follows_the_event_contract(self) -> None:
        samples = [sample(i, images=["images/a.png"] if i % 2 else ["images/a.png", "images/b.png"]) for i in range(5)]
        result, events, context = self.train(samples, batch_size=2, gradient_accumulation_steps=2, epochs=2, save_steps=2)
        self.assertEqual(result.returncode, 0, context)
        # 5 samples in batches of 2: 3 batches an epoch; steps after batches 2 and 3 (the epoch's short window): 2 an epoch.
        self.assertEqual(events[0], {"event": "start", "total_steps": 4, "samples": 5})
        steps = [event for event in events if event["event"] == "step"]
        self.assertEqual([event["step"] for event in steps], [1, 2, 3, 4], context)
        self.assertTrue(all(event["total_steps"] == 4 and event["lr"] == 0.05 and isinstance(event["loss"], float) for event in steps))
        checkpoints = [event for event in events if event["event"] == "checkpoint"]
        self.assertEqual([event["step"] for event in checkpoints], [2, 4])
        final = os.path.join(os.path.realpath(self.out), "checkpoints", "checkpoint-4")
        self.assertEqual(os.path.realpath(checkpoints[-1]["path"]), final)
        self.assertEqual(events[-1]["event"], "done")
        self.assertEqual((events[-1]["steps"], events[-1]["final_loss"]), (4, steps[-1]["loss"]))
        self.assertEqual(os.path.realpath(events[-1]["checkpoint"]), final)
        with open(os.path.join(final, "adapter_config.json")) as handle:
            adapter = json.load(handle)
        self.assertEqual((adapter["r"], adapter["lora_alpha"], adapter["lora_dropout"]), (16, 32.0, 0.05))
        self.assertEqual(adapter["target_modules"], ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"])
        self.assertLess(steps[-1]["loss"], steps[0]["loss"])
        self.assertIn("webgym-trainer: 5 samples, 2 x 2 accumulated x 1 processes per step, 4 steps", result.stderr)
        self.assertIn(f"webgym-trainer: done: 4 steps, final loss {steps[-1]['loss']:.4f}", result.stderr)

    def test_the_model_sees_only_the_kept_logits_and_the_images(self) -> None:
        samples = [sample(0, images=["images/a.png", "images/b.png"]), sample(1)]
        result, _, context = self.train(samples, batch_size=2, gradient_accumulation_steps=1, epochs=1)
        self.assertEqual(result.returncode, 0, context)
        with open(self.forward_log) as handle:
            calls = [json.loads(line) for line in handle]
        self.assertEqual(len(calls), 1)
        batch, length = calls[0]["shape"]
        self.assertEqual(batch, 2)
        self.assertEqual(calls[0]["keep"], len("click(100, 200)") + 2)  # the response, <|im_end|>, the position before
        self.assertLess(calls[0]["keep"], length)
        self.assertEqual(calls[0]["images"], 2)
        self.assertIn("mm_token_type_ids", calls[0]["extra"])

    def test_fractional_epochs(self) -> None:
        result, events, context = self.train([sample(i) for i in range(8)], batch_size=1, gradient_accumulation_steps=2, epochs=0.5, save_steps=0)
        self.assertEqual(result.returncode, 0, context)
        self.assertEqual(events[0]["total_steps"], 2)
        self.assertEqual([event["event"] for event in events], ["start", "step", "step", "checkpoint", "done"])

    def test_full_finetuning_freezes_the_vision_tower_and_saves_the_processor(self) -> None:
        result, events, context = self.train([sample(i, images=["images/a.png"]) for i in range(4)], finetuning="full", lora=None, epochs=1, batch_size=2, gradient_accumulation_steps=1)
        self.assertEqual(result.returncode, 0, context)
        final = events[-1]["checkpoint"]
        self.assertTrue(os.path.isfile(os.path.join(final, "processor_config.json")))
        trained = torch.load(os.path.join(final, "model.pt"))
        torch.manual_seed(0)
        sys.path.insert(0, STANDIN)
        try:
            from transformers import BigramLM  # the stand-in, for its initial weights
        finally:
            sys.path.remove(STANDIN)
            for name in [name for name in sys.modules if name == "transformers" or name.startswith("transformers.")]:
                del sys.modules[name]
        initial = BigramLM(300).state_dict()
        self.assertTrue(torch.equal(trained["visual.weight"], initial["visual.weight"]), "the vision tower stays as it was")
        self.assertFalse(torch.equal(trained["head.weight"], initial["head.weight"]), "the language model trains")

    def test_an_unreadable_image_is_one_line_naming_the_sample(self) -> None:
        result, _, context = self.train([sample(0), sample(1, images=["images/broken.png"])], batch_size=1, gradient_accumulation_steps=1)
        self.assertEqual(result.returncode, 1, context)
        self.assertEqual(result.stdout.count('"event": "step"') + result.stdout.count('"done"'), 0, context)
        line = result.stderr.strip().splitlines()[-1]
        self.assertRegex(line, r"^webgym-trainer: .*samples\.jsonl:2: sample shop:1@t#1 cannot be encoded: UnidentifiedImageError: cannot identify image file")

    def test_a_model_that_cannot_load_is_one_line(self) -> None:
        result, _, context = self.train([sample(0)], model=os.path.join(self.out, "no-such-model"))
        self.assertEqual(result.returncode, 1, context)
        self.assertEqual(result.stdout, "", context)
        self.assertEqual(result.stderr.strip().splitlines(), [f"webgym-trainer: cannot load the processor of {os.path.join(self.out, 'no-such-model')}: {os.path.join(self.out, 'no-such-model')} is not a local folder and the stand-in downloads nothing"])


if __name__ == "__main__":
    unittest.main()
