"""A minimal OpenEnv client for `webgym env serve`, with nothing from PyPI.

It speaks the WebSocket protocol of OpenEnv's EnvClient (``{"type": ..., "data": ...}`` messages at ``/ws``) with
Debian's python3-websockets (10.x, asyncio API: ``scripts/install-openenv-client.sh``) and the standard library::

    async with WebgymEnv("http://127.0.0.1:8070") as env:
        result = await env.reset(task_id="shop:...", prompt=True)
        while not result.done:
            result = await env.step(reply=my_model(result.observation["prompt"]))
        print(result.reward, result.metadata["status"])

One WebgymEnv is one session (one environment) on the server; open several for concurrent episodes.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass, field
from typing import Any, Dict, Optional

import websockets

# Screenshots travel base64-encoded in the messages, and prompts carry several: well over websockets' 1 MiB default.
MAX_MESSAGE_BYTES = 64 * 1024 * 1024


@dataclass
class StepResult:
    """What reset and step return, as OpenEnv's StepResult: the observation, the reward, done, and at the end the
    episode's outcome (status, cause, answer, judgment) in metadata."""

    observation: Dict[str, Any]
    reward: Optional[float]
    done: bool
    metadata: Dict[str, Any] = field(default_factory=dict)

    def screenshot_jpeg(self) -> Optional[bytes]:
        """The screenshot's JPEG bytes when it came inline (``--screenshot inline``), else None."""
        shot = self.observation.get("screenshot")
        if not shot or shot.startswith("http://") or shot.startswith("https://"):
            return None
        return base64.b64decode(shot)


class EnvError(RuntimeError):
    """The server answered with an error: ``code`` is OpenEnv's (INVALID_JSON, UNKNOWN_TYPE, VALIDATION_ERROR,
    EXECUTION_ERROR, CAPACITY_REACHED, SESSION_ERROR), ``data`` the whole error."""

    def __init__(self, data: Dict[str, Any]):
        self.code = data.get("code", "UNKNOWN")
        self.data = data
        super().__init__(f"{data.get('message', 'error')} (code: {self.code})")


def ws_url(base_url: str) -> str:
    """The session endpoint of a server address: http(s)://host:port becomes ws(s)://host:port/ws."""
    url = base_url.rstrip("/")
    if url.startswith("http://"):
        url = "ws://" + url[len("http://"):]
    elif url.startswith("https://"):
        url = "wss://" + url[len("https://"):]
    return url if url.endswith("/ws") else url + "/ws"


class WebgymEnv:
    """One OpenEnv session with `webgym env serve`."""

    def __init__(self, base_url: str, *, open_timeout: float = 30.0, message_timeout: Optional[float] = None):
        self.url = ws_url(base_url)
        self.open_timeout = open_timeout
        self.message_timeout = message_timeout
        self._ws = None

    async def connect(self) -> "WebgymEnv":
        if self._ws is None:
            self._ws = await websockets.connect(
                self.url, open_timeout=self.open_timeout, max_size=MAX_MESSAGE_BYTES, compression=None
            )
        return self

    async def reset(self, **data: Any) -> StepResult:
        """Starts an episode: ``task_id=...``, ``task={...}`` (a whole task record), ``seed=N``, ``prompt=True``
        (the dialect's chat messages with every observation), ``model=...`` (for the trajectory's run block)."""
        return self._result(await self.send({"type": "reset", "data": data}))

    async def step(
        self, action: Optional[Dict[str, Any]] = None, *, reply: Optional[str] = None, **extra: Any
    ) -> StepResult:
        """One action: a structured one (``{"name": "left_click", "coordinate": [x, y]}``) or the model's raw
        reply in the server's dialect."""
        data: Dict[str, Any] = dict(extra)
        if action is not None:
            data["action"] = action
        if reply is not None:
            data["reply"] = reply
        return self._result(await self.send({"type": "step", "data": data}))

    async def state(self) -> Dict[str, Any]:
        return (await self.send({"type": "state"}))["data"]

    async def send(self, message: Any) -> Dict[str, Any]:
        """Sends one message (anything JSON, or a str sent as it is) and returns the reply; an error reply raises."""
        reply = await self.exchange(message if isinstance(message, str) else json.dumps(message))
        if reply.get("type") == "error":
            raise EnvError(reply.get("data", {}))
        return reply

    async def exchange(self, text: str) -> Dict[str, Any]:
        """Sends raw text and returns the parsed reply, error or not (to see how the server answers a bad message)."""
        await self.connect()
        await self._ws.send(text)
        return await self.receive()

    async def receive(self) -> Dict[str, Any]:
        await self.connect()
        if self.message_timeout is None:
            raw = await self._ws.recv()
        else:
            import asyncio

            raw = await asyncio.wait_for(self._ws.recv(), self.message_timeout)
        return json.loads(raw)

    async def close(self) -> None:
        """Ends the session: the server ends a running episode (as aborted) and frees its browser."""
        if self._ws is None:
            return
        try:
            await self._ws.send(json.dumps({"type": "close"}))
        except websockets.ConnectionClosed:
            pass
        await self._ws.close()
        self._ws = None

    async def __aenter__(self) -> "WebgymEnv":
        return await self.connect()

    async def __aexit__(self, *_: Any) -> None:
        await self.close()

    @staticmethod
    def _result(reply: Dict[str, Any]) -> StepResult:
        data = reply.get("data", {})
        return StepResult(
            observation=data.get("observation", {}),
            reward=data.get("reward"),
            done=bool(data.get("done", False)),
            metadata=data.get("metadata") or {},
        )
