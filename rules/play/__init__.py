"""Whole games as state machines behind one interface (docs/contracts/play.md).

`interface` holds the shapes every game shares (cards with ids, actions, events, refusals, results, the
`Engine` protocol); `deal` builds a fixed-deck box and stacked deals; `log` replays a request's actions
through an engine (the stateless endpoint and the tables call it); `registry` finds a game's engine.
"""
