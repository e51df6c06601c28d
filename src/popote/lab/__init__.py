"""The designer's lab: simulations, tournaments, duplicate tests, regret, balance studies.

It sits above the bots and below the clients: it imports ``popote.core``, the games (through
the registry) and ``popote.bots``; only the command line (``popote.cli``) imports it.
"""
