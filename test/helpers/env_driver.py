"""Drives `webgym env serve` from examples/openenv's client for the env tests (Debian's python3 + python3-websockets).

    env_driver.py actions URL TRAJECTORIES TASK_ID...   one session per task, at once: the recorded actions in turn
    env_driver.py hold URL TRAJECTORIES TASK_ID          reset, one recorded action, then wait (to be killed)
    env_driver.py idle URL TRAJECTORIES TASK_ID          reset, then silence until the server closes the session
    env_driver.py faults URL TRAJECTORIES TASK_ID TASK_ID  bad messages, capacity, then a whole episode and a held one

Each prints JSON on stdout: what the server answered, and every observation as the client saw it (the screenshot as
the sha256 of its JPEG bytes, to compare with the trajectory's content-addressed screenshot).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import sys
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "examples", "openenv"))

from webgym_env import EnvError, StepResult, WebgymEnv  # noqa: E402


def recorded_actions(path: str):
    by_task = {}
    with open(path, encoding="utf-8") as file:
        for line in file:
            if line.strip():
                record = json.loads(line)
                by_task[record["task"]["id"]] = [step["action"] for step in record["steps"]]
    return by_task


def seen(result: StepResult):
    observation = result.observation
    shot = result.screenshot_jpeg()
    return {
        "url": observation["url"],
        "title": observation["title"],
        "step": observation["step"],
        "screenshot": hashlib.sha256(shot).hexdigest() + ".jpg" if shot else None,
        "last_action_error": observation["last_action_error"],
        "settled": observation["settled"],
    }


async def run_actions(env: WebgymEnv, task_id: str, actions):
    result = await env.reset(task_id=task_id)
    observations = [seen(result)]
    for action in actions:
        if result.done:
            break
        result = await env.step(action)
        if not result.done:
            observations.append(seen(result))
    return {
        "task_id": task_id,
        "done": result.done,
        "reward": result.reward,
        "outcome": result.metadata,
        "observations": observations,
        "state": await env.state(),
    }


async def actions_mode(url, trajectories, task_ids):
    recorded = recorded_actions(trajectories)

    async def one(task_id):
        async with WebgymEnv(url) as env:
            return await run_actions(env, task_id, recorded[task_id])

    results = await asyncio.gather(*(one(task_id) for task_id in task_ids))
    print(json.dumps(results))


async def hold_mode(url, trajectories, task_id):
    env = WebgymEnv(url)
    await env.reset(task_id=task_id)
    await env.step(recorded_actions(trajectories)[task_id][0])
    print("stepped", flush=True)
    await asyncio.sleep(3600)


async def idle_mode(url, task_id):
    """Resets, then says nothing: the server's idle timeout should end the episode and close the session."""
    env = WebgymEnv(url)
    await env.reset(task_id=task_id)
    started = asyncio.get_running_loop().time()
    try:
        after = await env.receive()
    except Exception as error:
        after = type(error).__name__
    print(json.dumps({"after": after, "seconds": asyncio.get_running_loop().time() - started}))


async def faults_mode(url, trajectories, whole_task, held_task):
    recorded = recorded_actions(trajectories)
    answers = {}
    first = WebgymEnv(url)
    answers["malformed"] = await first.exchange('{"type": "reset", "data": {')
    answers["unknown_type"] = await first.exchange(json.dumps({"type": "teleport", "data": {}}))
    answers["step_before_reset"] = await first.exchange(
        json.dumps({"type": "step", "data": {"action": {"name": "scroll", "coordinate": [500, 500], "direction": "down"}}})
    )
    answers["bad_field"] = await first.exchange(json.dumps({"type": "reset", "data": {"task_id": 7}}))
    answers["unknown_field"] = await first.exchange(json.dumps({"type": "reset", "data": {"tsk_id": "x"}}))
    answers["unknown_task"] = await first.exchange(json.dumps({"type": "reset", "data": {"task_id": "no/such-task"}}))
    # A second session fills --max-sessions 2; a third is refused and its connection closed.
    second = WebgymEnv(url)
    await second.connect()
    third = WebgymEnv(url)
    answers["over_capacity"] = await third.receive()
    try:
        answers["over_capacity_after"] = await third.exchange(json.dumps({"type": "state"}))
    except Exception as error:  # the server closed it
        answers["over_capacity_after"] = type(error).__name__
    # The session that got every error still runs an episode to its end.
    answers["whole"] = await run_actions(first, whole_task, recorded[whole_task])
    await first.close()
    await second.close()
    await no_sessions(url)
    # Their places are free again: a new session starts an episode and waits in it (the test stops the server).
    held = WebgymEnv(url)
    result = await held.reset(task_id=held_task)
    answers["held_reset"] = seen(result)
    print(json.dumps(answers), flush=True)
    try:
        answers_after = await held.receive()
    except Exception as error:
        answers_after = type(error).__name__
    print(json.dumps({"held_after_stop": answers_after}), flush=True)


async def no_sessions(url, seconds=60.0):
    """Waits until the server's HTTP /state counts no session (a closed one is let go when its socket is)."""
    for _ in range(int(seconds * 10)):
        with urllib.request.urlopen(url.rstrip("/") + "/state") as response:
            if json.load(response)["active_sessions"] == 0:
                return
        await asyncio.sleep(0.1)
    raise RuntimeError("the server still counts sessions that were closed")


def main(argv):
    mode, url, trajectories, *task_ids = argv
    if mode == "actions":
        return asyncio.run(actions_mode(url, trajectories, task_ids))
    if mode == "hold":
        return asyncio.run(hold_mode(url, trajectories, task_ids[0]))
    if mode == "idle":
        return asyncio.run(idle_mode(url, task_ids[0]))
    if mode == "faults":
        return asyncio.run(faults_mode(url, trajectories, task_ids[0], task_ids[1]))
    raise SystemExit(f"unknown mode {mode}")


if __name__ == "__main__":
    main(sys.argv[1:])
