"""Stepwise's benchmarks: measurements with targets, run by ``python -m bench``.

They are not tests: nothing here asserts on a timing. Each ``bench_*`` module measures
one area and returns its rows; ``bench.__main__`` prints them as one table and writes
it to ``bench/results/latest.md``.
"""
