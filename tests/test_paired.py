"""The paired comparison every ``--compare`` prints, against a direct computation."""

import math
import random

import pytest

from gridsight.solvers.paired import compare_paired


def test_paired_difference_and_stderr_match_a_direct_computation():
    rng = random.Random(7)
    a = [rng.gauss(10, 3) for _ in range(200)]
    b = [x - 0.5 + rng.gauss(0, 1) for x in a]
    result = compare_paired(a, b)
    diffs = [x - y for x, y in zip(a, b)]
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
    assert result.difference == pytest.approx(mean)
    assert result.stderr == pytest.approx(sd / math.sqrt(200))
    assert result.mean_a - result.mean_b == pytest.approx(result.difference)
    assert result.significant  # a 0.5 shift with unit noise over 200 boards is ~7 s.e.


def test_equal_policies_are_not_significant_and_lengths_must_match():
    assert not compare_paired([1.0, 2.0, 3.0], [1.0, 2.0, 3.0]).significant
    with pytest.raises(ValueError):
        compare_paired([1.0], [1.0, 2.0])
    with pytest.raises(ValueError):
        compare_paired([], [])
