"""The rule files this package ships (found through the ``patience.rules`` entry point)."""
