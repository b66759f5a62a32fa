"""The built-in rule files, one YAML file per game."""
