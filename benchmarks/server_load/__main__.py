"""``python -m benchmarks.server_load``: see the package's documentation."""

from benchmarks.server_load import main

main()
