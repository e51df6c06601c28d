"""Computer opponents, all behind :class:`popote.bots.base.Bot`."""
