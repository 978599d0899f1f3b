"""One base service error: each kind of refusal answers one status and body on the API (the exception handler)
and on the pages (`page_refusal`), whichever service raised it."""

import pytest
from django.contrib.messages import get_messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.test import RequestFactory

from cardcollections.collection.services import CollectionError
from cardcollections.proposals.services import ProposalClosed
from cardcollections.proposals.services import ProposalNotAllowed
from cardcollections.tokens.services import TokenLimitReached
from cardcollections.trades.services import TradeNotAllowed
from cardsite.api.errors import ServiceError
from cardsite.api.errors import owned_or_refused
from cardsite.api.handler import exception_handler
from cardsite.page_writes import page_refusal
from decks.comments.services import CommentNotAllowed
from decks.events.services import NotAllowed
from decks.exceptions import DeckRequestError
from decks.formats.notices import NoticeNotYours
from decks.lists.services import DeckVersionConflict

ANSWERS = [
    (ServiceError("Wrong."), 400, {"field": "body", "message": "Wrong."}),
    (ServiceError("Wrong.", field="name"), 400, {"field": "name", "message": "Wrong."}),
    (ServiceError("Not yours.", kind="not_allowed"), 403, {"detail": "Not yours."}),
    (ServiceError("No such thing.", kind="not_found"), 404, {"detail": "No such thing."}),
    (ServiceError("Closed.", kind="conflict"), 409, {"detail": "Closed."}),
]


@pytest.mark.parametrize(("exc", "code", "body"), ANSWERS)
def test_it_answers_each_kind_with_its_status_and_body(exc, code, body):
    response = exception_handler(exc, {})
    assert (response.status_code, response.data) == (code, body)


def test_it_refuses_an_unknown_kind():
    with pytest.raises(ValueError):
        ServiceError("?", kind="maybe")


@pytest.mark.parametrize(
    ("exc", "kind"),
    [
        (CollectionError("Too few."), "invalid"),
        (DeckRequestError("format", "No such format."), "invalid"),
        (TokenLimitReached("Too many tokens."), "conflict"),
        (DeckVersionConflict("version", "Saved since."), "conflict"),
        (ProposalClosed([]), "conflict"),
        (TradeNotAllowed("Not you."), "not_allowed"),
        (ProposalNotAllowed([]), "not_allowed"),
        (CommentNotAllowed("Too late to edit."), "not_allowed"),
        (NotAllowed("event", "Only the organiser who made the event names judges."), "not_allowed"),
        (NoticeNotYours("No such notice."), "not_found"),
    ],
)
def test_the_services_refusals_are_service_errors_of_their_kind(exc, kind):
    assert isinstance(exc, ServiceError)
    assert exc.kind == kind


def test_a_deck_request_error_names_its_field_on_the_api():
    response = exception_handler(DeckRequestError("format", "No such format."), {})
    assert (response.status_code, response.data) == (400, {"field": "format", "message": "No such format."})


def _page_request():
    request = RequestFactory().post("/")
    request.session = {}
    request._messages = FallbackStorage(request)
    return request


@pytest.mark.parametrize(("exc", "code", "_"), [a for a in ANSWERS if a[1] != 404])
def test_a_page_shows_the_message_and_answers_the_kinds_status(exc, code, _):
    request = _page_request()
    assert page_refusal(request, exc) == code
    assert [str(m) for m in get_messages(request)] == [exc.message]


def test_a_page_answers_not_found_with_the_404_page():
    with pytest.raises(Http404):
        page_refusal(_page_request(), ServiceError("No such thing.", kind="not_found"))


def test_the_owner_lookup_gives_what_the_caller_owns_without_asking_more():
    def never() -> bool:
        raise AssertionError("asked whether it is visible")

    assert owned_or_refused(owned="deck", visible=never, missing="No such deck.", not_yours="Not yours.") == "deck"


def test_the_owner_lookup_refuses_403_what_the_caller_sees_and_404_what_they_do_not():
    with pytest.raises(PermissionDenied, match="Not yours"):
        owned_or_refused(owned=None, visible=lambda: True, missing="No such deck.", not_yours="Not yours.")
    with pytest.raises(Http404, match="No such deck"):
        owned_or_refused(owned=None, visible=lambda: False, missing="No such deck.", not_yours="Not yours.")
