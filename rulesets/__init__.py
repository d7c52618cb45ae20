"""The rulesets shipped with serenissima, installed as ``serenissima_rulesets``."""
