"""Throughput: decisions and whole games per second, the size of a state, and their report.

The measures (:mod:`~serenissima.analysis.bench.throughput`) and their
tables and charts (:mod:`~serenissima.analysis.bench.report`).
"""

__all__: list[str] = []
