"""The objective: only action tokens count, weights scale it, and it trains a toy model (torch only)."""

import unittest

import torch
from torch import nn

from webgym_trainer.data import build_labels
from webgym_trainer.loss import IGNORE_INDEX, align_causal, logits_to_keep, reward_weighted_nll

VOCAB = 11


class TinyLM(nn.Module):
    """A bigram language model: the logits at a position depend on that position's token only."""

    def __init__(self, vocab: int = VOCAB, hidden: int = 16) -> None:
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.head = nn.Linear(hidden, vocab)

    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:
        return self.head(torch.tanh(self.embed(input_ids)))


def batch_of(pairs, pad_id=0):
    """Left-padded input ids and labels for (prompt ids, action ids) pairs, as the collator lays them out."""
    rows = [build_labels(prompt, action) for prompt, action in pairs]
    length = max(len(ids) for ids, _ in rows)
    input_ids = torch.tensor([[pad_id] * (length - len(ids)) + ids for ids, _ in rows])
    labels = torch.tensor([[IGNORE_INDEX] * (length - len(lab)) + lab for _, lab in rows])
    return input_ids, labels


def reference_loss(logits, labels, weights):
    """The documented normalisation, written out with loops: per-sample mean action-token NLL times weight, mean over B."""
    total = 0.0
    for i in range(labels.shape[0]):
        nll, count = 0.0, 0
        for p in range(1, labels.shape[1]):
            target = int(labels[i, p])
            if target == IGNORE_INDEX:
                continue
            nll -= float(torch.log_softmax(logits[i, p - 1].double(), dim=-1)[target])
            count += 1
        total += float(weights[i]) * (nll / count if count else 0.0)
    return total / labels.shape[0]


class RewardWeightedNllTest(unittest.TestCase):
    def setUp(self) -> None:
        torch.manual_seed(0)
        self.input_ids, self.labels = batch_of([([1, 2, 3, 4, 5], [6, 7, 8]), ([3, 3], [9, 10, 4, 2, 7])])
        self.logits = torch.randn(2, self.labels.shape[1], VOCAB)
        self.weights = torch.tensor([1.0, 1.0])

    def positions_predicting_prompt(self):
        """(row, position) pairs whose logit predicts a prompt or padding token (the next label is -100)."""
        _, targets = align_causal(self.logits, self.labels)
        return [(i, p) for i in range(targets.shape[0]) for p in range(targets.shape[1]) if targets[i, p] == IGNORE_INDEX]

    def test_matches_the_documented_normalisation(self) -> None:
        weights = torch.tensor([0.5, -2.0])
        loss = reward_weighted_nll(self.logits, self.labels, weights).loss
        self.assertAlmostEqual(loss.item(), reference_loss(self.logits, self.labels, weights), places=5)

    def test_each_sample_is_the_mean_over_its_own_action_tokens(self) -> None:
        result = reward_weighted_nll(self.logits, self.labels, self.weights)
        self.assertEqual(result.action_tokens.tolist(), [3, 5])
        alone = reward_weighted_nll(self.logits[1:], self.labels[1:], self.weights[1:])
        self.assertAlmostEqual(result.sample_nll[1].item(), alone.loss.item(), places=5)
        self.assertAlmostEqual(result.loss.item(), result.sample_nll.mean().item(), places=5)

    def test_logits_that_predict_prompt_tokens_do_not_change_the_loss(self) -> None:
        before = reward_weighted_nll(self.logits, self.labels, self.weights).loss
        changed = self.logits.clone()
        for i, p in self.positions_predicting_prompt():
            changed[i, p] = torch.randn(VOCAB) * 10
        after = reward_weighted_nll(changed, self.labels, self.weights).loss
        self.assertEqual(before.item(), after.item())

    def test_prompt_tokens_do_not_change_the_loss(self) -> None:
        model = TinyLM()
        pairs = [([1, 2, 3, 4, 5], [6, 7, 8])]
        other_prompt = [([9, 1, 10, 2, 5], [6, 7, 8])]  # same last prompt token: it predicts the first action
        losses = []
        for batch in (pairs, other_prompt):
            input_ids, labels = batch_of(batch)
            losses.append(reward_weighted_nll(model(input_ids), labels, torch.ones(1)).loss.item())
        self.assertAlmostEqual(losses[0], losses[1], places=6)

    def test_gradient_is_zero_at_positions_that_predict_prompt_tokens(self) -> None:
        logits = self.logits.clone().requires_grad_(True)
        reward_weighted_nll(logits, self.labels, self.weights).loss.backward()
        masked = self.positions_predicting_prompt()
        self.assertTrue(masked)
        for i, p in masked:
            self.assertTrue(torch.all(logits.grad[i, p] == 0), f"row {i} position {p}")
        _, targets = align_causal(self.logits, self.labels)
        for i in range(targets.shape[0]):
            for p in range(targets.shape[1]):
                if targets[i, p] != IGNORE_INDEX:
                    self.assertGreater(logits.grad[i, p].abs().sum().item(), 0, f"row {i} position {p}")
        self.assertTrue(torch.all(logits.grad[:, -1] == 0), "the last logit predicts nothing")

    def test_weight_two_doubles_the_loss_and_its_gradient(self) -> None:
        grads, losses = [], []
        for weight in (1.0, 2.0):
            logits = self.logits.clone().requires_grad_(True)
            loss = reward_weighted_nll(logits, self.labels, torch.tensor([weight, weight])).loss
            loss.backward()
            losses.append(loss.item())
            grads.append(logits.grad)
        self.assertAlmostEqual(losses[1], 2 * losses[0], places=5)
        self.assertTrue(torch.allclose(grads[1], 2 * grads[0]))

    def test_a_zero_weight_sample_has_no_gradient(self) -> None:
        logits = self.logits.clone().requires_grad_(True)
        reward_weighted_nll(logits, self.labels, torch.tensor([0.0, 1.0])).loss.backward()
        self.assertTrue(torch.all(logits.grad[0] == 0))
        self.assertGreater(logits.grad[1].abs().sum().item(), 0)

    def test_a_zero_weight_sample_leaves_the_model_gradient_to_the_others(self) -> None:
        model = TinyLM()
        input_ids, labels = batch_of([([1, 2, 3], [4, 5]), ([6, 7], [8, 9, 10])])
        reward_weighted_nll(model(input_ids), labels, torch.tensor([0.0, 1.0])).loss.backward()
        with_zero = [p.grad.clone() for p in model.parameters()]
        model.zero_grad()
        reward_weighted_nll(model(input_ids[1:]), labels[1:], torch.tensor([1.0])).loss.backward()
        for mixed, alone in zip(with_zero, (p.grad for p in model.parameters())):
            self.assertTrue(torch.allclose(mixed, alone / 2, atol=1e-7), "the divisor is the batch size")

    def test_a_negative_weight_flips_the_gradient(self) -> None:
        grads = []
        for weight in (1.0, -1.0):
            logits = self.logits.clone().requires_grad_(True)
            reward_weighted_nll(logits, self.labels, torch.tensor([weight, 0.5])).loss.backward()
            grads.append(logits.grad[0])
        self.assertGreater(grads[0].abs().sum().item(), 0)
        self.assertTrue(torch.allclose(grads[1], -grads[0]))

    def test_a_sample_without_action_tokens_contributes_nothing(self) -> None:
        labels = self.labels.clone()
        labels[0] = IGNORE_INDEX
        logits = self.logits.clone().requires_grad_(True)
        result = reward_weighted_nll(logits, labels, self.weights)
        result.loss.backward()
        self.assertTrue(torch.isfinite(result.loss))
        self.assertEqual(result.action_tokens[0].item(), 0)
        self.assertTrue(torch.all(logits.grad[0] == 0))

    def test_bf16_logits_are_reduced_in_float32(self) -> None:
        result = reward_weighted_nll(self.logits.to(torch.bfloat16), self.labels, self.weights)
        self.assertEqual(result.loss.dtype, torch.float32)
        self.assertAlmostEqual(result.loss.item(), reward_weighted_nll(self.logits, self.labels, self.weights).loss.item(), delta=0.05)

    def test_the_kept_logits_window_gives_the_same_loss_as_full_logits(self) -> None:
        keep = logits_to_keep(self.labels)
        self.assertEqual(keep, 6)  # the longest action (5 tokens) and the position before it
        full = reward_weighted_nll(self.logits, self.labels, self.weights).loss
        kept = reward_weighted_nll(self.logits[:, -keep:], self.labels, self.weights).loss
        self.assertEqual(full.item(), kept.item())
        with self.assertRaises(ValueError):
            reward_weighted_nll(self.logits[:, -(keep - 1) :], self.labels, self.weights)  # misses the first action of row 1

    def test_logits_to_keep_edges(self) -> None:
        self.assertEqual(logits_to_keep(torch.full((2, 5), IGNORE_INDEX)), 1)
        self.assertEqual(logits_to_keep(torch.tensor([[3, 4, 5]])), 3)  # a label at position 0: all of them
        self.assertEqual(logits_to_keep(torch.tensor([[IGNORE_INDEX, IGNORE_INDEX, 5]])), 2)

    def test_rejects_mismatched_shapes(self) -> None:
        with self.assertRaises(ValueError):
            reward_weighted_nll(self.logits, self.labels, torch.ones(3))
        with self.assertRaises(ValueError):
            reward_weighted_nll(self.logits[0], self.labels, self.weights)


class ToyTrainingTest(unittest.TestCase):
    def test_the_loss_falls_over_optimizer_steps(self) -> None:
        torch.manual_seed(0)
        model = TinyLM()
        optimizer = torch.optim.AdamW(model.parameters(), lr=0.05)
        generator = torch.Generator().manual_seed(1)
        # Screens (prompt tokens 8-10) differ, each ends with the generation prompt (1), and the action is 5 6 7.
        pairs = [(torch.randint(8, VOCAB, (4,), generator=generator).tolist() + [1], [5, 6, 7]) for _ in range(8)]
        input_ids, labels = batch_of(pairs)
        weights = torch.ones(len(pairs))
        losses = []
        for _ in range(60):
            loss = reward_weighted_nll(model(input_ids), labels, weights).loss
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
        self.assertLess(losses[-1], losses[0] / 20)
        self.assertTrue(all(later <= earlier * 1.05 for earlier, later in zip(losses[::10], losses[10::10])))

    def test_a_negative_weight_pushes_the_likelihood_down(self) -> None:
        torch.manual_seed(0)
        model = TinyLM()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
        input_ids, labels = batch_of([([1, 2, 3], [4, 5])])
        start = reward_weighted_nll(model(input_ids), labels, torch.ones(1)).loss.item()
        for _ in range(10):
            loss = reward_weighted_nll(model(input_ids), labels, torch.tensor([-1.0])).loss
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        self.assertGreater(reward_weighted_nll(model(input_ids), labels, torch.ones(1)).loss.item(), start)


if __name__ == "__main__":
    unittest.main()
