"""The built-in plugins. Each module is one reusable rule, registered through the
``patience.plugins`` entry points exactly like a third-party plugin."""
