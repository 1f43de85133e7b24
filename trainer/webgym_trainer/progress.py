"""Progress for `webgym train`: NDJSON events on stdout, one object a line, from the main process only.

{"event": "start", "total_steps": N, "samples": S}
{"event": "step", "step": n, "total_steps": N, "loss": x, "lr": y}
{"event": "checkpoint", "step": n, "path": p}
{"event": "done", "steps": n, "final_loss": x, "checkpoint": p}

Everything else (library logs, warnings, stray prints) goes to stderr: `claim_stdout` moves file descriptor 1 onto
stderr and keeps a private handle on the real stdout for the events, so no library can corrupt the stream.
"""

from __future__ import annotations

import json
import math
import os
import sys
from typing import Any, TextIO


def claim_stdout() -> TextIO:
    """Returns a writer on the process's stdout and points fd 1 and sys.stdout at stderr for everyone else."""
    sys.stdout.flush()
    events = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return events


def _finite(value: Any) -> Any:
    """JSON has no NaN or Infinity (JSON.parse rejects them): a non-finite number is written as null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


class Events:
    """Writes the events; silent on every process but the main one."""

    def __init__(self, stream: TextIO | None, enabled: bool = True) -> None:
        self.stream = stream
        self.enabled = enabled and stream is not None

    def emit(self, event: str, **fields: Any) -> None:
        if not self.enabled:
            return
        record = {"event": event, **{key: _finite(value) for key, value in fields.items()}}
        self.stream.write(json.dumps(record, allow_nan=False) + "\n")
        self.stream.flush()

    def start(self, total_steps: int, samples: int) -> None:
        self.emit("start", total_steps=total_steps, samples=samples)

    def step(self, step: int, total_steps: int, loss: float, lr: float) -> None:
        self.emit("step", step=step, total_steps=total_steps, loss=float(loss), lr=float(lr))

    def checkpoint(self, step: int, path: str) -> None:
        self.emit("checkpoint", step=step, path=path)

    def done(self, steps: int, final_loss: float | None, checkpoint: str) -> None:
        self.emit("done", steps=steps, final_loss=None if final_loss is None else float(final_loss), checkpoint=checkpoint)


def optimizer_steps(batches_per_epoch: int, accumulation: int, epochs: float) -> tuple[int, int]:
    """(optimizer steps per full epoch, total optimizer steps).

    An epoch ends with a step even when its last window of `accumulation` micro-batches is short, so a full epoch has
    ceil(batches / accumulation) steps; a fractional `epochs` (0.5) rounds the total up, and a run has at least one.
    """
    if batches_per_epoch < 1:
        raise ValueError("an epoch has no batches")
    per_epoch = -(-batches_per_epoch // accumulation)
    return per_epoch, max(1, math.ceil(epochs * per_epoch - 1e-9))
