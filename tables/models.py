"""A table: a game played on the site (docs/tables.md). Its truth is its move log: the seats, options and seed
are fixed at the start, and any position is a replay of the moves (docs/contracts/play.md)."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models

from rules.games import GAMES_BY_SLUG


class TableStatus(models.TextChoices):
    OPEN = "open", "Waiting for players"
    PLAYING = "playing", "Playing"
    OVER = "over", "Finished"


class TableRules(models.TextChoices):
    FRIENDLY = "friendly", "Friendly"
    TOURNAMENT = "tournament", "Tournament"


class Table(models.Model):
    """`seq` is the number of the last move in the log (0: none yet); every move names the seq it follows."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    game = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    seed = models.BigIntegerField()  # never sent to a client: it would tell the deck order
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hosted_tables")
    rules = models.CharField(max_length=12, choices=TableRules.choices, default=TableRules.FRIENDLY)
    listed = models.BooleanField(default=True, help_text="Shown in the lobby while open; otherwise by link only.")
    allow_guests = models.BooleanField(default=False)
    spectator_delay = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(max_length=8, choices=TableStatus.choices, default=TableStatus.OPEN)
    seq = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    # The clock (docs/tables.md, "Clocks"), chosen when the table is made: a live clock (`clock_initial`
    # seconds each, `clock_increment` more after each of a seat's moves) or a correspondence table
    # (`move_hours` per move), or neither (0, 0, 0). `clock_since` is when the seats to act were last charged;
    # `clock_deadline` the moment the first of them runs out (what the beat task looks for).
    clock_initial = models.PositiveIntegerField(default=0)
    clock_increment = models.PositiveIntegerField(default=0)
    move_hours = models.PositiveSmallIntegerField(default=0)
    clock_since = models.DateTimeField(null=True, blank=True)
    clock_deadline = models.DateTimeField(null=True, blank=True)
    # Open offers: {"takeback": {"seat", "undo": [seq ...], "agreed": [seat ...]}, "rematch": {"agreed": [...]}}
    offers = models.JSONField(default=dict, blank=True)
    rematch_of = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [
            models.Index(fields=["status", "listed", "-created"], name="table_lobby"),
            models.Index(fields=["clock_deadline"], name="table_clock_deadline"),
        ]

    def __str__(self) -> str:
        return f"{self.game} table {self.pk}"

    @property
    def game_name(self) -> str:
        """The game's name as players know it (the lobby lists tables by it), the slug for a game no longer played."""
        found = GAMES_BY_SLUG.get(self.game)
        return found.name if found is not None else self.game


class SeatKind(models.TextChoices):
    PERSON = "person", "Person"
    COMPUTER = "computer", "Computer"


class Seat(models.Model):
    """A seat: the computer's, or a person's once taken (a user, or a guest with a name and a signed token)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=SeatKind.choices, default=SeatKind.PERSON)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="table_seats"
    )
    name = models.CharField(max_length=40, blank=True)  # fixed when taken: the game's setup names the seats
    guest_token = models.CharField(max_length=43, blank=True)  # random; the guest's cookie carries it, signed
    # The player's consent to a public replay of the finished game (docs/tables.md, "Replays"): off until they
    # choose; the replay is public only where every person seated allows it.
    allow_replay = models.BooleanField(default=False)
    # The seat's deck list (a collectible game's; an event's registered deck), dealt by the engine with the seed.
    deck = models.TextField(blank=True, default="")
    clock_left = models.FloatField(null=True, blank=True)  # seconds left on a live clock (a person's seat)

    class Meta:
        ordering = ["index"]
        constraints = [models.UniqueConstraint(fields=["table", "index"], name="seat_unique_index")]

    def __str__(self) -> str:
        return f"seat {self.index} of {self.table_id}"

    @property
    def taken(self) -> bool:
        return self.kind == SeatKind.COMPUTER or self.user_id is not None or bool(self.guest_token)


class MoveKind(models.TextChoices):
    ACTION = "action", "Action"  # one of the engine's legal actions, replayed
    RESIGN = "resign", "Resignation"
    TIMEOUT = "timeout", "Out of time"  # the server's: the seat's flag fell
    AWAY = "away", "Away too long"  # the server's, claimed at a table without a clock: {"seats": [lost]}
    TAKEBACK = "takeback", "Take-back"  # action {"undo": [seq ...]}: those moves no longer count


class Move(models.Model):
    """One entry of a table's log. (table, seq) is unique: two processes cannot both append move n; (table, key)
    is unique: a move sent twice (a retry, a reconnect) is applied once."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=MoveKind.choices, default=MoveKind.ACTION)
    action = models.JSONField(default=dict)
    key = models.CharField(max_length=64)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seq"], name="move_unique_seq"),
            models.UniqueConstraint(fields=["table", "key"], name="move_unique_key"),
        ]

    def __str__(self) -> str:
        return f"move {self.seq} of {self.table_id}"


class MatchTable(models.Model):
    """A table opened for an event's match played online (docs/tables.md, "Tournament matches online"): one per
    game of the match, `a_seat` the seat of the match's first player. `recorded` is claimed once, by a conditional
    update, when the game's end is counted into the match."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="match_link")
    match = models.ForeignKey("decks.Match", on_delete=models.CASCADE, related_name="online_tables")
    game_number = models.PositiveSmallIntegerField(default=1)
    a_seat = models.PositiveSmallIntegerField(default=0)
    recorded = models.BooleanField(default=False)

    class Meta:
        ordering = ["match", "game_number"]
        constraints = [models.UniqueConstraint(fields=["match", "game_number"], name="match_table_once_per_game")]

    def __str__(self) -> str:
        return f"game {self.game_number} of match {self.match_id}"
