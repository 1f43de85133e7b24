"""Drive `webgym env serve` with a policy model behind an OpenAI-compatible endpoint (vLLM, or any other).

Each episode asks the server for webgym's own prompt (``reset(prompt=True)``): the chat messages the server's
``--dialect`` builds, screenshot included. The model's reply goes back as it is (``step(reply=...)``) and the server
reads it with the same parser `webgym rollout` uses, so a policy trained on webgym's prompts acts here unchanged.
One JSON line per finished episode goes to stdout; the trajectories are in the server's ``-o`` file.

    python3 examples/openenv/openai_loop.py --env http://127.0.0.1:8070 \\
        --base-url http://127.0.0.1:8000/v1 --model Qwen/Qwen3-VL-8B-Instruct --episodes 32 --sessions 8

Needs Debian's python3 and python3-websockets (``scripts/install-openenv-client.sh``); nothing from PyPI.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import urllib.error
import urllib.request
from typing import Any, Dict, List, Optional

from webgym_env import WebgymEnv


def chat(base_url: str, api_key: Optional[str], body: Dict[str, Any], timeout: float) -> str:
    """One chat completion over plain HTTP; the reply's text (empty when the model gave none)."""
    request = urllib.request.Request(
        base_url.rstrip("/") + "/chat/completions",
        data=json.dumps(body).encode("utf-8"),
        headers={"content-type": "application/json", **({"authorization": f"Bearer {api_key}"} if api_key else {})},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            reply = json.load(response)
    except urllib.error.HTTPError as error:
        raise RuntimeError(f"the policy endpoint answered {error.code}: {error.read()[:300]!r}") from error
    return reply["choices"][0]["message"].get("content") or ""


async def episode(env: WebgymEnv, args: argparse.Namespace, task_id: Optional[str]) -> Dict[str, Any]:
    """One episode: the model's replies until the server says done."""
    reset: Dict[str, Any] = {"prompt": True, "model": args.model}
    if task_id is not None:
        reset["task_id"] = task_id
    result = await env.reset(**reset)
    while not result.done:
        body = {
            "model": args.model,
            "messages": result.observation["prompt"],
            "temperature": args.temperature,
            "max_tokens": args.max_tokens,
        }
        reply = await asyncio.to_thread(chat, args.base_url, args.api_key, body, args.timeout)
        result = await env.step(reply=reply)
    outcome = result.metadata
    return {
        "task_id": result.observation["task_id"],
        "trajectory_id": outcome.get("trajectory_id"),
        "reward": result.reward,
        "status": outcome.get("status"),
        "steps": outcome.get("steps"),
        "answer": outcome.get("answer"),
    }


async def main(args: argparse.Namespace) -> int:
    queue: List[Optional[str]] = list(args.task_id) if args.task_id else [None] * args.episodes

    async def session() -> None:
        # One session (one environment on the server) runs its episodes one after another.
        async with WebgymEnv(args.env) as env:
            while queue:
                line = await episode(env, args, queue.pop(0))
                print(json.dumps(line), flush=True)

    await asyncio.gather(*(session() for _ in range(min(args.sessions, len(queue)))))
    return 0


def parse_args(argv: List[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--env", required=True, help="The address `webgym env serve` prints (http://HOST:PORT)")
    parser.add_argument("--base-url", default=os.environ.get("OPENAI_BASE_URL"), help="The policy endpoint, .../v1")
    parser.add_argument("--api-key", default=os.environ.get("OPENAI_API_KEY"))
    parser.add_argument("--model", default=os.environ.get("WEBGYM_MODEL"), help="The policy model's name")
    parser.add_argument("--task-id", action="append", help="Run these served tasks (repeatable); else --episodes")
    parser.add_argument("--episodes", type=int, default=8, help="Without --task-id: episodes on the served tasks in turn")
    parser.add_argument("--sessions", type=int, default=4, help="Sessions (environments) at once")
    parser.add_argument("--temperature", type=float, default=0.0)
    parser.add_argument("--max-tokens", type=int, default=512)
    parser.add_argument("--timeout", type=float, default=120.0, help="Seconds one model call may take")
    args = parser.parse_args(argv)
    if not args.base_url or not args.model:
        parser.error("--base-url and --model are needed (or OPENAI_BASE_URL and WEBGYM_MODEL)")
    return args


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parse_args(sys.argv[1:]))))
