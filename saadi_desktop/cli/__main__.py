"""``python -m saadi_desktop.cli``, as the ``saadi`` script."""

import sys

from saadi_desktop.cli import main

if __name__ == "__main__":  # not when the architecture test imports every module
    sys.exit(main())
