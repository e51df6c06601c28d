"""The ``popote`` command line: list, play, simulate, replay."""
