"""The label mask, the encoding of a sample through a processor, and batch collation."""

import unittest

import torch

from webgym_trainer.data import Sample, build_labels, collate, encode_sample, template_messages, turn_end_ids
from webgym_trainer.loss import IGNORE_INDEX

from .fake_processor import SPECIAL, FakeProcessor, FakeTokenizer

IM_END = SPECIAL.index("<|im_end|>")


def sample_with(messages, response="click(500, 300)", weight=1.0, images=()):
    return Sample(id="task:1@t#0", messages=messages, response=response, weight=weight, line=1, images=tuple(images))


SCREEN_MESSAGES = [
    {"role": "system", "content": "You are a web agent."},
    {"role": "user", "content": [{"type": "text", "text": "Task: buy milk"}, {"type": "image", "path": "images/a.jpg"}, {"type": "image", "path": "images/b.jpg"}]},
]


class BuildLabelsTest(unittest.TestCase):
    def test_masks_the_prompt_and_keeps_the_actions(self) -> None:
        input_ids, labels = build_labels([5, 6, 7], [8, 9, IM_END])
        self.assertEqual(input_ids, [5, 6, 7, 8, 9, IM_END])
        self.assertEqual(labels, [IGNORE_INDEX, IGNORE_INDEX, IGNORE_INDEX, 8, 9, IM_END])

    def test_the_labels_of_the_actions_do_not_depend_on_the_prompt(self) -> None:
        _, short = build_labels([1], [8, 9])
        _, long = build_labels(list(range(50)), [8, 9])
        self.assertEqual(short[-2:], long[-2:])
        self.assertEqual(set(long[:-2]), {IGNORE_INDEX})

    def test_refuses_an_empty_prompt_or_no_actions(self) -> None:
        with self.assertRaises(ValueError):
            build_labels([], [1])
        with self.assertRaises(ValueError):
            build_labels([1], [])


class TurnEndTest(unittest.TestCase):
    def test_is_im_end_when_the_vocabulary_has_it(self) -> None:
        self.assertEqual(turn_end_ids(FakeTokenizer()), [IM_END])

    def test_falls_back_to_eos(self) -> None:
        self.assertEqual(turn_end_ids(FakeTokenizer(with_im_end=False)), [0])


class EncodeSampleTest(unittest.TestCase):
    def encode(self, sample, processor=None):
        processor = processor or FakeProcessor()
        sizes = {"/out/images/a.jpg": 3, "/out/images/b.jpg": 5}
        return processor, encode_sample(sample, processor, [IM_END], load_image=lambda path: sizes[path])

    def test_labels_are_exactly_the_response_and_the_end_of_turn(self) -> None:
        processor, example = self.encode(sample_with(SCREEN_MESSAGES, images=["/out/images/a.jpg", "/out/images/b.jpg"]))
        labels = example["labels"].tolist()
        kept = [token for token in labels if token != IGNORE_INDEX]
        self.assertEqual(processor.tokenizer.decode(kept), "click(500, 300)<|im_end|>")
        first = labels.index(kept[0])
        self.assertTrue(all(token == IGNORE_INDEX for token in labels[:first]))
        self.assertTrue(all(token != IGNORE_INDEX for token in labels[first:]))
        prompt = processor.tokenizer.decode(example["input_ids"][:first].tolist())
        self.assertTrue(prompt.endswith("<|im_end|>\n<|im_start|>assistant\n"), prompt[-40:])
        self.assertEqual(example["input_ids"][first:].tolist(), kept)

    def test_images_go_to_the_processor_in_order_and_stay_masked(self) -> None:
        processor, example = self.encode(sample_with(SCREEN_MESSAGES, images=["/out/images/a.jpg", "/out/images/b.jpg"]))
        self.assertEqual(processor.calls[0][1], [3, 5])
        image_pad = SPECIAL.index("<|image_pad|>")
        positions = (example["input_ids"] == image_pad).nonzero().flatten().tolist()
        self.assertEqual(len(positions), 8)
        self.assertTrue(all(example["labels"][p] == IGNORE_INDEX for p in positions))
        self.assertEqual(example["image_grid_thw"].tolist(), [[1, 2, 6], [1, 2, 10]])
        self.assertEqual(example["pixel_values"].shape[0], 32)

    def test_per_token_fields_are_extended_over_the_response(self) -> None:
        _, example = self.encode(sample_with(SCREEN_MESSAGES, images=["/out/images/a.jpg", "/out/images/b.jpg"]))
        length = example["input_ids"].shape[0]
        self.assertEqual(example["attention_mask"].tolist(), [1] * length)
        self.assertEqual(example["mm_token_type_ids"].shape[0], length)
        self.assertEqual(example["mm_token_type_ids"][-16:].tolist(), [0] * 16)
        self.assertEqual(int(example["mm_token_type_ids"].sum()), 8)

    def test_a_response_that_already_ends_the_turn_is_not_ended_twice(self) -> None:
        processor, example = self.encode(sample_with([{"role": "user", "content": "go"}], response="answer(42)<|im_end|>"))
        kept = [token for token in example["labels"].tolist() if token != IGNORE_INDEX]
        self.assertEqual(processor.tokenizer.decode(kept), "answer(42)<|im_end|>")

    def test_earlier_assistant_turns_are_prompt(self) -> None:
        messages = [
            {"role": "user", "content": "step 1"},
            {"role": "assistant", "content": "scroll(down)"},
            {"role": "user", "content": "step 2"},
        ]
        processor, example = self.encode(sample_with(messages, response="back()"))
        kept = [token for token in example["labels"].tolist() if token != IGNORE_INDEX]
        self.assertEqual(processor.tokenizer.decode(kept), "back()<|im_end|>")
        self.assertIn("scroll(down)", processor.tokenizer.decode(example["input_ids"].tolist()))

    def test_template_messages_drop_the_paths(self) -> None:
        converted = template_messages(sample_with(SCREEN_MESSAGES))
        self.assertEqual(converted[1]["content"], [{"type": "text", "text": "Task: buy milk"}, {"type": "image"}, {"type": "image"}])
        self.assertEqual(converted[0], {"role": "system", "content": "You are a web agent."})

    def test_the_weight_is_carried(self) -> None:
        _, example = self.encode(sample_with([{"role": "user", "content": "go"}], weight=-0.25))
        self.assertEqual(example["weight"], -0.25)


class CollateTest(unittest.TestCase):
    def example(self, prompt, action, weight=1.0, patches=0):
        input_ids, labels = build_labels(prompt, action)
        example = {
            "input_ids": torch.tensor(input_ids),
            "labels": torch.tensor(labels),
            "attention_mask": torch.ones(len(input_ids), dtype=torch.long),
            "weight": weight,
        }
        if patches:
            example["pixel_values"] = torch.full((patches, 6), float(patches))
            example["image_grid_thw"] = torch.tensor([[1, 2, patches // 2]])
        return example

    def test_left_pads_so_every_response_ends_at_the_last_position(self) -> None:
        batch = collate([self.example([1, 2, 3, 4], [7, 8], patches=4), self.example([5], [9], weight=-1.0), self.example([6, 6], [3, 3, 3], patches=8)], pad_id=99)
        self.assertEqual(batch["input_ids"].tolist(), [[1, 2, 3, 4, 7, 8], [99, 99, 99, 99, 5, 9], [99, 6, 6, 3, 3, 3]])
        self.assertEqual(batch["labels"][1].tolist(), [IGNORE_INDEX] * 5 + [9])
        self.assertEqual(batch["attention_mask"].tolist(), [[1] * 6, [0, 0, 0, 0, 1, 1], [0, 1, 1, 1, 1, 1]])
        self.assertEqual(batch["weights"].tolist(), [1.0, -1.0, 1.0])
        self.assertEqual(batch["pixel_values"].shape, (12, 6))
        self.assertEqual(batch["pixel_values"][:, 0].tolist(), [4.0] * 4 + [8.0] * 8)
        self.assertEqual(batch["image_grid_thw"].tolist(), [[1, 2, 2], [1, 2, 4]])

    def test_makes_an_attention_mask_when_the_processor_gave_none(self) -> None:
        first, second = self.example([1, 2], [3]), self.example([4], [5])
        del first["attention_mask"], second["attention_mask"]
        self.assertEqual(collate([first, second], pad_id=0)["attention_mask"].tolist(), [[1, 1, 1], [0, 1, 1]])

    def test_a_text_only_batch_has_no_vision_tensors(self) -> None:
        batch = collate([self.example([1], [2])], pad_id=0)
        self.assertNotIn("pixel_values", batch)


if __name__ == "__main__":
    unittest.main()
