"""Popote for reinforcement learning: a PettingZoo environment for every game.

Needs the ``rl`` extra (``pip install -e '.[rl]'``: PettingZoo and NumPy) for the
environment; the encodings (:mod:`popote.rl.games`) and the learned bot
(:mod:`popote.rl.learned`) need NumPy only, so the package imports PettingZoo on first use
of :func:`aec_env`.

>>> import random
>>> from popote.rl import aec_env
>>> env = aec_env("pieds-dans-le-plat", players=3, seed=7)
>>> for agent in env.agent_iter():
...     observation, reward, termination, truncation, info = env.last()
...     legal = observation["action_mask"].nonzero()[0]
...     env.step(None if termination else int(random.choice(legal)))
>>> env.match.over
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from popote.rl.env import PopoteEnv, aec_env

__all__ = ["PopoteEnv", "aec_env"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from popote.rl import env  # noqa: PLC0415 - PettingZoo only when the environment is used

        return getattr(env, name)
    raise AttributeError(name)
