"""``python -m framework.cli``: the ``patience`` command."""

from . import main

main()
