"""The training objective: the reward-weighted log-likelihood of the policy's own actions.

REINFORCE with a binary terminal reward and no baseline is behaviour cloning on the successful trajectories; with a
baseline subtracted, failed trajectories get negative weights and are pushed down. Either way the gradient is that of

    L = (1 / B) * sum_i  w_i * (1 / T_i) * sum_{t in A_i}  -log p(y_t | y_<t)

over a batch of B samples, where A_i are the action tokens of sample i (its response and the end-of-turn token; every
prompt token, system, user, earlier assistant turns and images, carries the label -100 and is left out), T_i = |A_i|
(a sample without action tokens contributes 0), and w_i is the sample's weight.

Normalisation, exactly: the mean token NLL within a sample (so long replies do not outweigh short ones), times the
weight, then the plain mean over the B samples of the micro-batch; the divisor is B, not the sum of the weights, so a
zero-weight sample changes nothing but the divisor. Gradient accumulation over G micro-batches divides each
micro-batch loss by G and data parallelism averages gradients over the processes, so one optimizer step follows the
mean over all G * B * processes samples it saw (the last, shorter window of an epoch is still divided by G).
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
import torch.nn.functional as F

IGNORE_INDEX = -100


@dataclass
class WeightedLoss:
    """The objective and what it was made of, per sample."""

    loss: torch.Tensor
    """Scalar: the reward-weighted mean NLL above (float32, carries the gradient)."""
    sample_nll: torch.Tensor
    """[B]: each sample's mean NLL over its action tokens, detached (0 where a sample has none)."""
    action_tokens: torch.Tensor
    """[B]: how many action tokens each sample has."""


def align_causal(logits: torch.Tensor, labels: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Pairs each logit with the token it predicts.

    `logits` [B, K, V] are the model's outputs for the last K positions of sequences whose `labels` are [B, L]
    (K == L for full logits; K < L when the model was asked for `logits_to_keep=K`). The logit at position p predicts
    the token at p + 1, so the pairs are logits[:, :-1] and labels[:, L-K+1:].
    """
    if logits.dim() != 3 or labels.dim() != 2 or logits.shape[0] != labels.shape[0]:
        raise ValueError(f"expected logits [B, K, V] and labels [B, L], got {tuple(logits.shape)} and {tuple(labels.shape)}")
    kept, length = logits.shape[1], labels.shape[1]
    if not 1 <= kept <= length:
        raise ValueError(f"logits cover {kept} positions of sequences of {length}")
    if (labels[:, 1 : length - kept + 1] != IGNORE_INDEX).any():
        raise ValueError(f"the last {kept} logits miss action tokens: keep logits_to_keep(labels) = {logits_to_keep(labels)}")
    return logits[:, :-1, :], labels[:, length - kept + 1 :]


def logits_to_keep(labels: torch.Tensor) -> int:
    """The fewest trailing positions whose logits predict every action token of the batch.

    With left padding every response ends at the last position, so the window is the longest response plus the one
    position before it (the last prompt token, whose logit predicts the first action token). Asking the model for only
    these logits saves a [B, L, vocab] tensor: about 1.5 GB per 5,000-token screenshot prompt at Qwen's 151,936 tokens.
    """
    length = labels.shape[1]
    labelled = (labels != IGNORE_INDEX).any(dim=0).nonzero()
    if labelled.numel() == 0:
        return 1
    earliest = int(labelled[0, 0])
    return min(length, length - earliest + 1)


def reward_weighted_nll(logits: torch.Tensor, labels: torch.Tensor, weights: torch.Tensor) -> WeightedLoss:
    """The objective of the module docstring.

    logits: [B, K, V] for the last K positions (see `align_causal`); labels: [B, L], IGNORE_INDEX everywhere but on the
    action tokens; weights: [B]. Only the rows of the logits that predict an action token enter the softmax, which is
    computed in float32 whatever the logits' dtype; every other position gets exactly zero gradient.
    """
    predictions, targets = align_causal(logits, labels)
    batch = labels.shape[0]
    weights = torch.as_tensor(weights, dtype=torch.float32, device=logits.device).reshape(-1)
    if weights.shape[0] != batch:
        raise ValueError(f"expected {batch} weights, got {weights.shape[0]}")
    mask = targets != IGNORE_INDEX
    counts = mask.sum(dim=1)
    token_nll = F.cross_entropy(predictions[mask].float(), targets[mask], reduction="none")
    owner = torch.arange(batch, device=logits.device).unsqueeze(1).expand_as(mask)[mask]
    nll_sum = torch.zeros(batch, dtype=torch.float32, device=logits.device).index_add(0, owner, token_nll)
    sample_nll = nll_sum / counts.clamp(min=1).to(torch.float32)
    loss = (weights * sample_nll).mean()
    return WeightedLoss(loss=loss, sample_nll=sample_nll.detach(), action_tokens=counts)
