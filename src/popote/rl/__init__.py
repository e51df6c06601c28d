"""Popote for reinforcement learning: a PettingZoo environment for every game.

Needs the ``rl`` extra (``pip install -e '.[rl]'``: PettingZoo and NumPy).

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

from popote.rl.env import PopoteEnv, aec_env

__all__ = ["PopoteEnv", "aec_env"]
