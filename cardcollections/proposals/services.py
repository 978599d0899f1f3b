"""Card proposals: propose (a new card, an edit, a moderator's bulk file), revise, and review
(approve, reject, ask for changes). Approving loads the proposal's cards with loadcatalog's loader
in one transaction, so an edited card keeps its id, and records a revision per card."""

from __future__ import annotations

import json
from typing import IO
from typing import Any

from django.core.files.base import ContentFile
from django.db import transaction
from django.urls import reverse

from cardcollections.catalog.mapping import fields_from_card
from cardcollections.catalog.models import Card
from cardcollections.catalog.models import CardSet
from cardcollections.catalog.models import Game
from cardcollections.catalog.services import catalog_load
from cardcollections.images.scans import CardImageError
from cardcollections.images.scans import card_scan_prepare
from cardcollections.images.scans import card_scan_set
from cardcollections.images.storage import delete_files_on_commit
from cardcollections.images.storage import files_deleted_on_error
from cardcollections.notifications.models import NotificationKind
from cardcollections.notifications.services import notify
from cardcollections.proposals import documents
from cardcollections.proposals.models import OPEN_STATUSES
from cardcollections.proposals.models import CardProposal
from cardcollections.proposals.models import CardRevision
from cardcollections.proposals.permissions import OWN_PROPOSAL
from cardcollections.proposals.permissions import can_review
from cardcollections.proposals.signals import RULES_FIELDS
from cardcollections.proposals.signals import card_rules_changed
from cardsite.api.errors import CONFLICT
from cardsite.api.errors import NOT_ALLOWED
from cardsite.api.errors import ServiceError
from rules.catalog import CatalogError
from rules.catalog import CatalogProblem
from rules.catalog import card_document

SOURCE_MAX = 500
NOTE_MAX = 2000
# Open proposals a player may have at once: each can hold a 10 MB scan, and the rate limit alone
# would let one account fill the disk over days. Moderators' bulk files are not counted.
MAX_OPEN_PER_PLAYER = 50


class ProposalError(ServiceError):
    """A proposal cannot be made or reviewed as asked; `problems` say what to fix, with their paths."""

    def __init__(self, problems: list[CatalogProblem]):
        super().__init__("; ".join(str(p) for p in problems[:5]))
        self.problems = problems

    def extra(self) -> dict[str, Any]:
        return {"problems": [p.to_dict() for p in self.problems]}


class ProposalNotAllowed(ProposalError):
    """The user may not do this to this proposal (not its proposer, not a moderator)."""

    kind = NOT_ALLOWED


class ProposalClosed(ProposalError):
    """The proposal was already approved or rejected (or is not open to this step)."""

    kind = CONFLICT


def _problem(path: str, message: str) -> ProposalError:
    return ProposalError([CatalogProblem(path, message)])


def _known_sets(game: Game) -> set[str]:
    return set(CardSet.objects.filter(game=game).values_list("code", flat=True))


def _check_text(path: str, text: str, max_len: int, *, required: bool) -> str:
    text = (text or "").strip()
    if required and not text:
        raise _problem(path, "is required")
    if len(text) > max_len:
        raise _problem(path, f"must have at most {max_len} characters")
    if "\x00" in text:
        raise _problem(path, "must not contain NUL characters")
    return text


def _keys_stripped(doc: dict[str, Any]) -> dict[str, Any]:
    """`doc` with its set code and number stripped, as the loader strips them: they are what the proposal
    finds its card by (" 1" passed the check for an existing card and failed at approval)."""
    return {k: v.strip() if k in ("set", "number") and isinstance(v, str) else v for k, v in doc.items()}


def _single_document(*, game: Game, card: Card | None, fields: dict[str, Any]) -> dict[str, Any]:
    """One proposed card as a catalog document, checked (ProposalError with the field paths)."""
    if not isinstance(fields, dict):
        raise _problem("fields", "must be an object of catalog fields")
    base = documents.editable_doc(card) if card is not None else {}
    fields = _keys_stripped(fields)
    if card is not None:
        # An edit starts from the card as it is; it keeps the card's set and number (how decks and collections find it).
        fields = {**base, **fields, "set": card.card_set.code, "number": card.number}
    # A field given as null is left out: in an edit, that clears it.
    fields = {k: v for k, v in fields.items() if v is not None}
    document: dict[str, Any] = {"game": game.slug, "sets": [], "cards": [fields]}
    try:
        documents.check_document(document, known_set_codes=_known_sets(game))
    except CatalogError as exc:
        raise ProposalError([CatalogProblem(documents.single_path(p.path), p.message) for p in exc.problems]) from exc
    if card is None and Card.objects.filter(game=game, card_set__code=fields["set"], number=fields["number"]).exists():
        raise _problem("number", f"{fields['set']} {fields['number']} is already a card; propose an edit of it")
    if card is not None:
        document[documents.EDITS] = documents.edit_fields(base, fields)
    return document


def _store_scan(proposal: CardProposal, upload: IO[bytes] | None, stored: set[str]) -> None:
    """Store the upload as the proposal's scan (its name added to `stored`); the replaced file goes on commit."""
    if upload is None:
        return
    try:
        prepared = card_scan_prepare(upload=upload)
    except CardImageError as exc:
        raise _problem("scan", str(exc)) from exc
    old = {name for name in (proposal.scan.name,) if name}
    proposal.scan.save(f"{prepared.digest[:16]}{prepared.extension}", ContentFile(prepared.data), save=False)
    assert proposal.scan.name is not None  # save() names the file
    stored.add(proposal.scan.name)
    delete_files_on_commit(old - {proposal.scan.name})


def proposal_create(
    *,
    proposer,
    game: Game,
    fields: dict[str, Any],
    source: str,
    card: Card | None = None,
    scan: IO[bytes] | None = None,
) -> CardProposal:
    """A player's proposal of a new card (`card` None) or of an edit of `card`, waiting for review."""
    if card is not None and card.game_id != game.pk:
        raise _problem("card", "the card is of another game")
    source = _check_text("source", source, SOURCE_MAX, required=True)
    document = _single_document(game=game, card=card, fields=fields)
    waiting = CardProposal.objects.filter(proposer=proposer, status__in=OPEN_STATUSES).exclude(
        kind=CardProposal.Kind.BULK
    )
    if waiting.count() >= MAX_OPEN_PER_PLAYER:
        raise _problem(
            "", f"You have {MAX_OPEN_PER_PLAYER} proposals waiting for review, the most a player can have at once."
        )
    proposal = CardProposal(
        proposer=proposer,
        game=game,
        card=card,
        kind=CardProposal.Kind.EDIT if card is not None else CardProposal.Kind.NEW,
        document=document,
        source=source,
    )
    with files_deleted_on_error() as stored, transaction.atomic():
        _store_scan(proposal, scan, stored)
        proposal.save()
    return proposal


BULK_MAX_BYTES = 2 * 1024 * 1024


def proposal_bulk_create(*, moderator, game: Game, upload: IO[bytes], source: str) -> CardProposal:
    """A moderator's catalog file (.json) or CSV (.csv) as one proposal of many cards; nothing is applied yet.

    Checked card by card as loadcatalog checks a file: problems name the JSON path, or the CSV line.
    """
    _check_moderator(moderator)
    source = _check_text("source", source, SOURCE_MAX, required=True)
    filename = getattr(upload, "name", "") or ""
    data = upload.read(BULK_MAX_BYTES + 1)
    if len(data) > BULK_MAX_BYTES:
        raise _problem("file", f"the file is larger than {BULK_MAX_BYTES // (1024 * 1024)} MB")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _problem("file", f"not UTF-8 ({exc.reason} at byte {exc.start})") from exc
    if "\x00" in text:
        raise _problem("file", "must not contain NUL characters")
    lines: dict[int, int] = {}
    try:
        if filename.lower().endswith(".csv"):
            document, lines = documents.csv_document(game.slug, text)
        else:
            document = _json_document(text)
            if isinstance(document, dict) and document.get("game") != game.slug:
                raise CatalogError(
                    [CatalogProblem("game", f"the file is a catalog of {document.get('game')!r}, not {game.slug}")]
                )
        documents.check_document(document, known_set_codes=_known_sets(game))
    except CatalogError as exc:
        raise ProposalError(documents.with_lines(exc.problems, lines)) from exc
    document["cards"] = [_keys_stripped(d) for d in document["cards"]]
    # A row for a card already in the catalog changes the fields it gives, when approved
    # (documents.proposed_document); a row for a new card is refused then if it has become a card since.
    existing = _cards_by_key(game, {(d["set"], d["number"]) for d in document["cards"]})
    document[documents.NEW_CARDS] = [
        [d["set"], d["number"]] for d in document["cards"] if (d["set"], d["number"]) not in existing
    ]
    return CardProposal.objects.create(
        proposer=moderator, game=game, kind=CardProposal.Kind.BULK, document=document, source=source
    )


def _json_document(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        where = f" (line {exc.lineno}, column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else ""
        raise CatalogError([CatalogProblem("file", f"not a CSV and not valid JSON{where}")]) from exc


def proposal_revise(
    *, proposal: CardProposal, user, fields: dict[str, Any], source: str, scan: IO[bytes] | None = None
) -> CardProposal:
    """The proposer changes their open proposal (after a moderator asked for changes, or before review)."""
    if proposal.proposer_id != user.pk:
        raise _not_allowed("Only the proposer can change a proposal.")
    if proposal.kind == CardProposal.Kind.BULK:
        raise _closed("A bulk proposal cannot be changed; upload a new file.")
    source = _check_text("source", source, SOURCE_MAX, required=True)
    document = _single_document(game=proposal.game, card=proposal.card, fields=fields)
    with files_deleted_on_error() as stored, transaction.atomic():
        locked = _lock_open(proposal)
        locked.document, locked.source = document, source
        locked.status = CardProposal.Status.PENDING
        _store_scan(locked, scan, stored)
        locked.save()
    return locked


def _not_allowed(message: str) -> ProposalNotAllowed:
    return ProposalNotAllowed([CatalogProblem("", message)])


def _closed(message: str) -> ProposalClosed:
    return ProposalClosed([CatalogProblem("", message)])


def _lock_open(proposal: CardProposal) -> CardProposal:
    locked = CardProposal.objects.select_for_update().get(pk=proposal.pk)
    if not locked.is_open:
        raise _closed(f"The proposal is already {locked.get_status_display()}.")
    return locked


def _check_moderator(user) -> None:
    if not can_review(user):
        raise _not_allowed("Only card moderators review proposals.")


def proposal_reject(*, proposal: CardProposal, moderator, reason: str) -> CardProposal:
    return _close(proposal, moderator, reason, CardProposal.Status.REJECTED, "reason")


def proposal_ask_changes(*, proposal: CardProposal, moderator, note: str) -> CardProposal:
    if proposal.kind == CardProposal.Kind.BULK:
        raise _closed("A bulk proposal cannot be changed; reject it with a reason instead.")
    return _close(proposal, moderator, note, CardProposal.Status.CHANGES, "note")


def _close(proposal: CardProposal, moderator, text: str, status: str, path: str) -> CardProposal:
    _check_moderator(moderator)
    text = _check_text(path, text, NOTE_MAX, required=True)
    with transaction.atomic():
        locked = _lock_open(proposal)
        locked.status, locked.review_note, locked.reviewer = status, text, moderator
        locked.save(update_fields=["status", "review_note", "reviewer", "updated"])
        _tell_reviewed(locked)
    return locked


def _tell_reviewed(proposal: CardProposal) -> None:
    """The proposer's notification, written with the review (a refused review tells no one)."""
    said = {"approved": "was approved", "rejected": "was rejected", "changes": "needs changes"}[proposal.status]
    note = f": {proposal.review_note}" if proposal.review_note else "."
    notify(
        proposal.proposer,
        kind=NotificationKind.PROPOSAL_REVIEWED,
        message=f"Your card proposal #{proposal.pk} {said}{note}",
        url=reverse("proposal-detail", args=[proposal.pk]),
    )


def _load_document(proposal: CardProposal) -> tuple[dict[str, Any], dict[tuple[str, str], Card]]:
    """The proposal's cards ready to load: an existing card keeps its image, provenance, source and
    extra data; a new card is `community`, its source the proposal's when that is a link."""
    proposed = documents.proposed_document(proposal)
    existing = _cards_by_key(proposal.game, {(d["set"], d["number"]) for d in proposed["cards"]})
    cards = []
    for doc in proposed["cards"]:
        card = existing.get((doc.get("set"), doc.get("number")))
        if card is not None:
            kept = card_document(proposal.game.slug, "", "", "", fields_from_card(card))
            doc = {**doc, **{k: kept[k] for k in documents.PROTECTED if k in kept}}
        else:
            doc = {**doc, "provenance": "community"}
            if proposal.source.startswith(("http://", "https://")) and " " not in proposal.source:
                doc["source"] = proposal.source
        cards.append(doc)
    return {**proposed, "cards": cards}, existing


def _cards_by_key(game: Game, keys: set[tuple[str, str]]) -> dict[tuple[str, str], Card]:
    """The game's cards at these (set code, number) keys, by key."""
    numbers = {number for _, number in keys}
    cards = Card.objects.filter(game=game, number__in=numbers).select_related("card_set", "game")
    return {(c.card_set.code, c.number): c for c in cards if (c.card_set.code, c.number) in keys}


def proposal_approve(*, proposal: CardProposal, moderator) -> CardProposal:
    """Apply the proposal in one transaction: its cards are loaded (an edit keeps the card's id),
    its scan stored, and each card's revision recorded. Refused (nothing applied) when the cards no
    longer pass the catalog's checks, or a new card's number was taken meanwhile. A moderator never approves
    their own proposal (a bulk file included): another moderator must; rejecting it (withdrawing) is allowed."""
    _check_moderator(moderator)
    if proposal.proposer_id == moderator.pk:
        raise _not_allowed(OWN_PROPOSAL)
    with files_deleted_on_error() as stored, transaction.atomic():
        locked = _lock_open(proposal)
        if locked.kind == CardProposal.Kind.NEW:
            new = [(locked.cards[0]["set"], locked.cards[0]["number"])]
        else:
            new = [tuple(key) for key in locked.document.get(documents.NEW_CARDS, [])]
        taken = sorted(_cards_by_key(locked.game, set(new)))
        if taken:
            which = ", ".join(f"{s} {n}" for s, n in taken)
            raise _closed(f"{which} {'has' if len(taken) == 1 else 'have'} become a card since; ask for a new number.")
        document, existing = _load_document(locked)
        before = {key: documents.card_values(card) for key, card in existing.items()}
        rules_titles: set[str] = set()
        try:
            catalog_load(document=document)
        except CatalogError as exc:
            raise ProposalError(exc.problems) from exc
        cards = _cards_by_key(locked.game, {(d["set"], d["number"]) for d in document["cards"]})
        for doc in document["cards"]:
            key = (doc["set"], doc["number"])
            card = cards[key]
            changes = documents.diff(before.get(key, {}), documents.card_values(card))
            if locked.scan and locked.kind != CardProposal.Kind.BULK:
                with locked.scan.open("rb") as fh:
                    try:
                        card_scan_set(card=card, upload=fh, stored=stored)
                    except CardImageError as exc:
                        raise _problem("scan", str(exc)) from exc
                changes.append({"field": "scan", "before": None, "after": card.scan.name})
            if key in before and RULES_FIELDS & {c["field"] for c in changes}:
                rules_titles |= {before[key]["title"], card.title}
            if changes or key not in before:
                CardRevision.objects.create(
                    card=card,
                    proposal=locked,
                    proposed_by=locked.proposer,
                    approved_by=moderator,
                    created_card=key not in before,
                    changes=changes,
                )
        if rules_titles:
            game, titles = locked.game.slug, sorted(rules_titles)
            transaction.on_commit(lambda: card_rules_changed.send(sender=CardProposal, game=game, titles=titles))
        if locked.kind == CardProposal.Kind.NEW:
            locked.card = cards[(document["cards"][0]["set"], document["cards"][0]["number"])]
        locked.status, locked.reviewer, locked.review_note = CardProposal.Status.APPROVED, moderator, ""
        locked.save()
        _tell_reviewed(locked)
    return locked
