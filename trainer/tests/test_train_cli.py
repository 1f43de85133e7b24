"""trainer/train.py as `webgym train` runs it: NDJSON events alone on stdout, a failure as one line on stderr."""

import importlib.util
import io
import json
import os
import subprocess
import sys
import tempfile
import unittest

from webgym_trainer.progress import Events, optimizer_steps

from .test_inputs import good_config, good_sample

TRAINER = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRAIN_PY = os.path.join(TRAINER, "train.py")
HAS_STACK = all(importlib.util.find_spec(name) is not None for name in ("transformers", "accelerate", "peft", "PIL"))


def run(*args, env=None):
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=120, env={**os.environ, **(env or {})})


class TrainCliTest(unittest.TestCase):
    def setUp(self) -> None:
        self.dir = tempfile.TemporaryDirectory()
        self.out = self.dir.name
        os.makedirs(os.path.join(self.out, "images"))
        with open(os.path.join(self.out, "images", "a.jpg"), "wb") as handle:
            handle.write(b"\xff\xd8\xff")
        self.config = os.path.join(self.out, "train_config.json")

    def tearDown(self) -> None:
        self.dir.cleanup()

    def write(self, config, *samples):
        with open(self.config, "w") as handle:
            json.dump(config, handle)
        with open(os.path.join(self.out, "samples.jsonl"), "w") as handle:
            for sample in samples:
                handle.write((sample if isinstance(sample, str) else json.dumps(sample)) + "\n")

    def assert_one_line_failure(self, result, *fragments):
        context = f"exit {result.returncode}\nstdout: {result.stdout!r}\nstderr: {result.stderr!r}"
        self.assertEqual(result.returncode, 1, context)
        self.assertEqual(result.stdout, "", context)
        lines = result.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, context)
        self.assertTrue(lines[0].startswith("webgym-trainer: "), context)
        for fragment in fragments:
            self.assertIn(fragment, lines[0], context)

    def test_a_bad_config_field_stops_before_anything_loads(self) -> None:
        self.write(good_config(learning_rate=-1), good_sample())
        result = run(TRAIN_PY, "--config", self.config)
        self.assert_one_line_failure(result, "train_config.json", 'field "learning_rate"', "got -1 (number)")

    def test_a_bad_sample_names_its_line(self) -> None:
        self.write(good_config(), good_sample(), good_sample(weight=None))
        result = run(TRAIN_PY, "--config", self.config)
        self.assert_one_line_failure(result, "samples.jsonl:2", 'field "weight"', "got null")

    def test_a_missing_config(self) -> None:
        result = run(TRAIN_PY, "--config", os.path.join(self.out, "nope.json"))
        self.assert_one_line_failure(result, "cannot read the config")

    def test_debug_adds_the_stack_trace(self) -> None:
        self.write(good_config(seed="x"), good_sample())
        result = run(TRAIN_PY, "--config", self.config, "--debug")
        self.assertEqual(result.returncode, 1)
        self.assertIn("Traceback", result.stderr)
        self.assertEqual(result.stdout, "")

    @unittest.skipIf(HAS_STACK, "transformers, accelerate, peft and pillow are installed here")
    def test_without_the_training_stack_it_says_what_to_install(self) -> None:
        self.write(good_config(), good_sample())
        result = run(TRAIN_PY, "--config", self.config)
        self.assert_one_line_failure(result, "not installed for", "pip install", "transformers")

    def test_stray_output_of_libraries_goes_to_stderr(self) -> None:
        code = (
            "import os, sys; sys.path.insert(0, %r)\n"
            "from webgym_trainer.progress import Events, claim_stdout\n"
            "events = Events(claim_stdout())\n"
            "print('a library print')\n"
            "os.write(1, b'a write to fd 1\\n')\n"
            "events.start(3, 7)\n"
        ) % TRAINER
        result = run("-c", code)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, '{"event": "start", "total_steps": 3, "samples": 7}\n')
        self.assertIn("a library print", result.stderr)
        self.assertIn("a write to fd 1", result.stderr)


class EventsTest(unittest.TestCase):
    def test_writes_the_contract_events_as_ndjson(self) -> None:
        stream = io.StringIO()
        events = Events(stream)
        events.start(4, 10)
        events.step(1, 4, 0.5, 1e-5)
        events.checkpoint(4, "/runs/it3/checkpoints/checkpoint-4")
        events.done(4, 0.25, "/runs/it3/checkpoints/checkpoint-4")
        lines = [json.loads(line) for line in stream.getvalue().splitlines()]
        self.assertEqual(lines, [
            {"event": "start", "total_steps": 4, "samples": 10},
            {"event": "step", "step": 1, "total_steps": 4, "loss": 0.5, "lr": 1e-5},
            {"event": "checkpoint", "step": 4, "path": "/runs/it3/checkpoints/checkpoint-4"},
            {"event": "done", "steps": 4, "final_loss": 0.25, "checkpoint": "/runs/it3/checkpoints/checkpoint-4"},
        ])

    def test_a_non_finite_number_is_null_not_invalid_json(self) -> None:
        stream = io.StringIO()
        Events(stream).step(2, 4, float("nan"), 1e-5)
        self.assertEqual(json.loads(stream.getvalue())["loss"], None)
        self.assertNotIn("NaN", stream.getvalue())

    def test_other_processes_are_silent(self) -> None:
        stream = io.StringIO()
        Events(stream, enabled=False).start(1, 1)
        self.assertEqual(stream.getvalue(), "")


class OptimizerStepsTest(unittest.TestCase):
    def test_an_epoch_ends_with_a_step_even_when_its_window_is_short(self) -> None:
        self.assertEqual(optimizer_steps(10, 4, 1), (3, 3))
        self.assertEqual(optimizer_steps(8, 4, 2), (2, 4))
        self.assertEqual(optimizer_steps(1, 8, 3), (1, 3))

    def test_fractional_epochs_round_up_and_a_run_has_a_step(self) -> None:
        self.assertEqual(optimizer_steps(10, 1, 0.5), (10, 5))
        self.assertEqual(optimizer_steps(10, 4, 0.5), (3, 2))
        self.assertEqual(optimizer_steps(3, 1, 0.01), (3, 1))
        with self.assertRaises(ValueError):
            optimizer_steps(0, 1, 1)


if __name__ == "__main__":
    unittest.main()
