"""Reading and checking samples.jsonl and train_config.json: one clear error naming the file, line and field."""

import json
import os
import tempfile
import unittest

from webgym_trainer.config import parse_config, read_config
from webgym_trainer.data import read_samples
from webgym_trainer.errors import TrainerError


def good_sample(**overrides):
    sample = {
        "id": "shop.webgym.test:7@2025-01-01T00:00:00Z#2",
        "messages": [
            {"role": "system", "content": "You are a web agent."},
            {"role": "user", "content": [{"type": "text", "text": "Task"}, {"type": "image", "path": "images/a.jpg"}]},
        ],
        "response": "Action: click(500, 300)",
        "weight": 1,
    }
    sample.update(overrides)
    return sample


def good_config(**overrides):
    config = {
        "model": "Qwen/Qwen3-VL-8B-Instruct",
        "samples": "samples.jsonl",
        "output_dir": "checkpoints",
        "finetuning": "lora",
        "lora": {"r": 16, "alpha": 32, "dropout": 0.05},
        "learning_rate": 1e-5,
        "epochs": 1,
        "batch_size": 1,
        "gradient_accumulation_steps": 8,
        "max_pixels": 983040,
        "min_pixels": 3136,
        "save_steps": 100,
        "seed": 0,
        "bf16": True,
    }
    config.update(overrides)
    return config


class SamplesTest(unittest.TestCase):
    def setUp(self) -> None:
        self.dir = tempfile.TemporaryDirectory()
        self.root = self.dir.name
        os.makedirs(os.path.join(self.root, "images"))
        with open(os.path.join(self.root, "images", "a.jpg"), "wb") as handle:
            handle.write(b"\xff\xd8\xff")
        self.path = os.path.join(self.root, "samples.jsonl")

    def tearDown(self) -> None:
        self.dir.cleanup()

    def write(self, *lines):
        with open(self.path, "w", encoding="utf-8") as handle:
            for line in lines:
                handle.write((line if isinstance(line, str) else json.dumps(line)) + "\n")

    def error_of(self, *lines) -> str:
        self.write(*lines)
        with self.assertRaises(TrainerError) as caught:
            read_samples(self.path, self.root)
        message = str(caught.exception)
        self.assertNotIn("\n", message)
        return message

    def test_reads_valid_samples_and_resolves_images(self) -> None:
        self.write(good_sample(), "", good_sample(id="b", weight=-0.5, messages=[{"role": "user", "content": "text only"}]))
        samples = read_samples(self.path, self.root)
        self.assertEqual([s.id for s in samples], ["shop.webgym.test:7@2025-01-01T00:00:00Z#2", "b"])
        self.assertEqual([s.line for s in samples], [1, 3])
        self.assertEqual(samples[0].images, (os.path.join(self.root, "images/a.jpg"),))
        self.assertEqual(samples[1].images, ())
        self.assertEqual(samples[1].weight, -0.5)
        self.assertEqual(samples[0].response, "Action: click(500, 300)")

    def test_a_line_that_is_not_json(self) -> None:
        message = self.error_of(good_sample(), '{"id": "x",')
        self.assertRegex(message, r"samples\.jsonl:2: not valid JSON")

    def test_a_missing_field_names_line_and_field(self) -> None:
        sample = good_sample()
        del sample["response"]
        message = self.error_of(good_sample(), good_sample(), sample)
        self.assertIn('samples.jsonl:3: field "response": missing', message)

    def test_a_bad_role_is_quoted(self) -> None:
        sample = good_sample()
        sample["messages"][0]["role"] = "bot"
        message = self.error_of(sample)
        self.assertIn('samples.jsonl:1: field "messages[0].role": expected "system", "user" or "assistant", got "bot" (string)', message)

    def test_bad_weights(self) -> None:
        self.assertIn('field "weight": expected a finite number, got "1" (string)', self.error_of(good_sample(weight="1")))
        self.assertIn('field "weight": expected a finite number, got true (boolean)', self.error_of(good_sample(weight=True)))
        self.assertIn('field "weight": expected a finite number, got nan (number)', self.error_of('{"id": "x", "messages": [{"role": "user", "content": "a"}], "response": "r", "weight": NaN}'))

    def test_bad_parts(self) -> None:
        sample = good_sample()
        sample["messages"][1]["content"][0] = {"type": "image_url", "image_url": {"url": "data:..."}}
        self.assertIn('field "messages[1].content[0].type": expected "text" or "image", got "image_url" (string)', self.error_of(sample))
        sample["messages"][1]["content"][0] = {"type": "text", "text": 3}
        self.assertIn('field "messages[1].content[0].text": expected a string, got 3 (number)', self.error_of(sample))

    def test_image_paths_stay_inside_the_dataset_and_exist(self) -> None:
        for path in ("../escape.jpg", "/etc/passwd", "images//a.jpg"):
            sample = good_sample()
            sample["messages"][1]["content"][1]["path"] = path
            self.assertIn('field "messages[1].content[1].path": ', self.error_of(sample))
            self.assertIn("not a relative path inside the dataset folder", self.error_of(sample))
        sample = good_sample()
        sample["messages"][1]["content"][1]["path"] = "images/missing.jpg"
        self.assertIn("no such file: ", self.error_of(sample))

    def test_empty_messages_and_non_objects(self) -> None:
        self.assertIn('field "messages": expected a non-empty array of messages, got an array of 0', self.error_of(good_sample(messages=[])))
        self.assertIn("samples.jsonl:1: expected a JSON object, got an array of 1", self.error_of("[1]"))
        self.assertIn('field "id": expected a non-empty string, got 7 (number)', self.error_of(good_sample(id=7)))

    def test_an_empty_file(self) -> None:
        self.assertIn("no samples", self.error_of("", "  "))

    def test_a_missing_file(self) -> None:
        with self.assertRaises(TrainerError) as caught:
            read_samples(os.path.join(self.root, "nope.jsonl"), self.root)
        self.assertIn("cannot read the samples", str(caught.exception))


class ConfigTest(unittest.TestCase):
    def error_of(self, data) -> str:
        with self.assertRaises(TrainerError) as caught:
            parse_config(data, "run/train_config.json")
        return str(caught.exception)

    def test_a_valid_config_resolves_paths_against_its_folder(self) -> None:
        config = parse_config(good_config(extra_note="x"), "runs/it3/train_config.json")
        self.assertEqual(config.samples_path, os.path.join("runs/it3", "samples.jsonl"))
        self.assertEqual(config.output_dir, os.path.join("runs/it3", "checkpoints"))
        self.assertEqual((config.lora.r, config.lora.alpha, config.lora.dropout), (16, 32.0, 0.05))
        self.assertEqual((config.batch_size, config.gradient_accumulation_steps, config.seed, config.bf16), (1, 8, 0, True))
        self.assertEqual(config.ignored_keys, ("extra_note",))
        self.assertTrue(config.gradient_checkpointing)

    def test_fractional_epochs_and_full_finetuning(self) -> None:
        config = parse_config(good_config(epochs=0.5, finetuning="full", lora=None), "train_config.json")
        self.assertEqual((config.epochs, config.finetuning, config.lora, config.root), (0.5, "full", None, "."))

    def test_each_bad_field_is_named(self) -> None:
        cases = {
            "learning_rate": (0, 'field "learning_rate": expected a positive number, e.g. 1e-5, got 0 (number)'),
            "finetuning": ("qlora", 'field "finetuning": expected "lora" or "full", got "qlora" (string)'),
            "batch_size": (1.5, 'field "batch_size": expected a positive integer, got 1.5 (number)'),
            "bf16": ("yes", 'field "bf16": expected true or false, got "yes" (string)'),
            "save_steps": (-1, 'field "save_steps": expected an integer >= 0'),
            "model": ("", 'field "model": expected a model name or folder'),
        }
        for key, (value, expected) in cases.items():
            message = self.error_of(good_config(**{key: value}))
            self.assertIn(f"run/train_config.json: {expected}", message, key)

    def test_missing_fields_and_lora_settings(self) -> None:
        config = good_config()
        del config["seed"]
        self.assertIn('field "seed": missing (expected an integer)', self.error_of(config))
        self.assertIn('field "lora.r": expected a positive integer, e.g. 16, got 0 (number)', self.error_of(good_config(lora={"r": 0, "alpha": 32, "dropout": 0.05})))
        self.assertIn('field "lora": missing', self.error_of({k: v for k, v in good_config().items() if k != "lora"}))

    def test_pixel_bounds_must_be_ordered(self) -> None:
        self.assertIn('field "min_pixels": is 2000000, above max_pixels (983040)', self.error_of(good_config(min_pixels=2_000_000)))

    def test_not_an_object_and_not_json(self) -> None:
        self.assertIn("expected a JSON object, got an array of 0", self.error_of([]))
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "train_config.json")
            with open(path, "w") as handle:
                handle.write("{nope")
            with self.assertRaises(TrainerError) as caught:
                read_config(path)
            self.assertIn("not valid JSON", str(caught.exception))
            with self.assertRaises(TrainerError) as caught:
                read_config(os.path.join(folder, "missing.json"))
            self.assertIn("cannot read the config", str(caught.exception))


if __name__ == "__main__":
    unittest.main()
