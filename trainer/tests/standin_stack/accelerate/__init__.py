"""Stand-in accelerate: one process, with the real Accelerator's gradient-accumulation semantics."""

from contextlib import contextmanager


class _Loader:
    def __init__(self, loader, accelerator):
        self.loader, self.accelerator = loader, accelerator

    def __len__(self):
        return len(self.loader)

    def __iter__(self):
        count = len(self.loader)
        for index, batch in enumerate(self.loader):
            self.accelerator._end_of_dataloader = index == count - 1
            yield batch
        self.accelerator._end_of_dataloader = False


class _Optimizer:
    def __init__(self, optimizer, accelerator):
        self.optimizer, self.accelerator = optimizer, accelerator
        self.param_groups = optimizer.param_groups

    def step(self):
        if self.accelerator.sync_gradients:
            self.optimizer.step()

    def zero_grad(self, set_to_none=True):
        if self.accelerator.sync_gradients:
            self.optimizer.zero_grad(set_to_none=set_to_none)


class Accelerator:
    def __init__(self, gradient_accumulation_steps=1, mixed_precision="no"):
        if mixed_precision not in ("no", "bf16"):
            raise ValueError(mixed_precision)
        self.gradient_accumulation_steps = gradient_accumulation_steps
        self.sync_gradients = True
        self.is_main_process = True
        self.num_processes = 1
        self._step = 0
        self._end_of_dataloader = False

    def prepare(self, model, optimizer, loader):
        return model, _Optimizer(optimizer, self), _Loader(loader, self)

    @contextmanager
    def accumulate(self, model):
        if self._end_of_dataloader:
            self._step = 0
            self.sync_gradients = True
        else:
            self._step += 1
            self.sync_gradients = self._step % self.gradient_accumulation_steps == 0
        yield

    def backward(self, loss):
        (loss / self.gradient_accumulation_steps).backward()

    def clip_grad_norm_(self, parameters, max_norm):
        import torch

        return torch.nn.utils.clip_grad_norm_(parameters, max_norm)

    def reduce(self, tensor, reduction="mean"):
        return tensor

    def get_state_dict(self, model):
        return model.state_dict()

    def unwrap_model(self, model):
        return model

    def wait_for_everyone(self):
        pass
