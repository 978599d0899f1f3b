"""Background jobs, one module for every kind (issue #28): the job model, its lifecycle, the task policy, the reaper
and the budget.

A kind of job is a concrete model subclassing the abstract `Job` (models.py): a collection import, an event's
re-check, a goldfish job (battle simulations are goldfish jobs), a format's re-check. Its class attributes declare
the kind: the hard and soft time limits of the task that runs it (policy.py reads them, so the task and the stale
window agree), what the messages call it, and how its unfinished work is counted against its caller's budget.

It lives in the collections app because both apps use it and decks may import the collections app, never the
reverse (.importlinter).
"""
