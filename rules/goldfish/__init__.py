"""Goldfish (docs/contracts/goldfish.md): how a deck draws, played alone. `request` reads a request and holds the
deck, the result and the exact mode (with `probability`); `simulate` and `playout` are the sampled modes over
rules/simulation.py's chunks; `replay` shows one play-out step by step; `sample_hand` deals an opening hand."""
