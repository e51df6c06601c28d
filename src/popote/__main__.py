"""``python -m popote``."""

import sys

from popote.cli.main import main

sys.exit(main())
