"""Decks as something players share: copies by title (for "decks I can build"), comments, follows."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def fill_titles(apps, schema_editor):
    """Count every saved deck's list by title, as decks.lists.services.deck_titles_replace does."""
    from rules.deck_compare import copies_by_title

    Deck = apps.get_model("decks", "Deck")
    DeckTitle = apps.get_model("decks", "DeckTitle")
    rows = []
    for deck in Deck.objects.only("pk", "game_id", "cards").iterator(chunk_size=500):
        for key, (_title, copies) in copies_by_title(deck.cards or []).items():
            rows.append(DeckTitle(deck_id=deck.pk, game_id=deck.game_id, title_key=key, copies=copies))
        if len(rows) >= 5000:
            DeckTitle.objects.bulk_create(rows)
            rows = []
    DeckTitle.objects.bulk_create(rows)


class Migration(migrations.Migration):
    dependencies = [
        ("collections", "0001_squashed_0012_card_provenance"),
        ("decks", "0007_folders_tags_board"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="DeckTitle",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("title_key", models.CharField(max_length=200)),
                ("copies", models.PositiveIntegerField()),
                (
                    "deck",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="titles", to="decks.deck"
                    ),
                ),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="+", to="collections.game"
                    ),
                ),
            ],
            options={
                "constraints": [models.UniqueConstraint(fields=("deck", "title_key"), name="deck_title_unique")],
            },
        ),
        migrations.RunPython(fill_titles, migrations.RunPython.noop),
        migrations.CreateModel(
            name="DeckComment",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("body", models.TextField()),
                ("created", models.DateTimeField(auto_now_add=True)),
                ("edited", models.DateTimeField(blank=True, null=True)),
                (
                    "author",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="deck_comments",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "deck",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="comments", to="decks.deck"
                    ),
                ),
            ],
            options={
                "ordering": ["created", "id"],
                "indexes": [models.Index(fields=["deck", "created"], name="deck_comment_deck_created")],
            },
        ),
        migrations.CreateModel(
            name="Follow",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("created", models.DateTimeField(auto_now_add=True)),
                (
                    "followed",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="followers",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "follower",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="following",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["-created"],
                "constraints": [
                    models.UniqueConstraint(fields=("follower", "followed"), name="follow_unique"),
                    models.CheckConstraint(
                        condition=models.Q(("follower", models.F("followed")), _negated=True), name="follow_not_self"
                    ),
                ],
            },
        ),
    ]
