"""The decks app's tables, squashed from 0001-0009 before the site went public (docs/deploy.md)."""

import django.db.models.deletion
import uuid
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
    replaces = [
        ('decks', '0001_initial'),
        ('decks', '0002_goldfish_jobs'),
        ('decks', '0003_saved_decks_and_events'),
        ('decks', '0004_format_versions'),
        ('decks', '0005_goldfish_budget'),
        ('decks', '0006_tournaments'),
        ('decks', '0007_folders_tags_board'),
        ('decks', '0008_comments_follows'),
        ('decks', '0009_deck_likes'),
    ]

    initial = True

    dependencies = [
        ("collections", "0001_squashed_0014_notifications"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Deck',
            fields=[
                ('id', models.UUIDField(default=uuid.uuid4, editable=False, primary_key=True, serialize=False)),
                ('format', models.CharField(help_text="a base format of the game or a tournament format's slug", max_length=60)),
                ('name', models.CharField(max_length=120)),
                ('description', models.TextField(blank=True, default='')),
                ('visibility', models.CharField(choices=[('private', 'Private (only me)'), ('unlisted', 'Unlisted (anyone with the link)'), ('public', 'Public (listed)')], default='private', max_length=10)),
                ('cards', models.JSONField(blank=True, default=list)),
                ('card_count', models.PositiveIntegerField(default=0)),
                ('version', models.PositiveIntegerField(default=1)),
                ('legal', models.BooleanField(default=False)),
                ('validation', models.JSONField(blank=True, default=dict)),
                ('built', models.BooleanField(default=False, help_text='sleeved on the table: its cards are reserved')),
                ('built_at', models.DateTimeField(blank=True, null=True)),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('updated', models.DateTimeField(auto_now=True)),
                ('cloned_from', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='clones', to='decks.deck')),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='decks', to='collections.game')),
                ('owner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='decks', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-updated'],
            },
        ),
        migrations.CreateModel(
            name='DeckNotice',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('format', models.CharField(max_length=60)),
                ('message', models.CharField(max_length=500)),
                ('findings', models.JSONField(blank=True, default=list)),
                ('dismissed', models.BooleanField(default=False)),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('deck', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='notices', to='decks.deck')),
                ('owner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='deck_notices', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-created'],
            },
        ),
        migrations.CreateModel(
            name='DeckVersion',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveIntegerField()),
                ('name', models.CharField(max_length=120)),
                ('format', models.CharField(max_length=60)),
                ('cards', models.JSONField(blank=True, default=list)),
                ('card_count', models.PositiveIntegerField(default=0)),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('deck', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='versions', to='decks.deck')),
            ],
            options={
                'ordering': ['deck', '-number'],
            },
        ),
        migrations.CreateModel(
            name='Event',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=120)),
                ('format', models.CharField(help_text="a base format of the game or a tournament format's slug", max_length=60)),
                ('deadline', models.DateTimeField(help_text='registrations may be made or replaced until this moment')),
                ('description', models.TextField(blank=True, default='')),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('rounds', models.PositiveSmallIntegerField(blank=True, help_text='Swiss rounds (empty: by player count)', null=True)),
                ('games_per_match', models.PositiveSmallIntegerField(choices=[(1, 'best of one'), (3, 'best of three')], default=1)),
                ('top_cut', models.PositiveSmallIntegerField(choices=[(0, 'none'), (2, 'top 2'), (4, 'top 4'), (8, 'top 8')], default=0)),
                ('decklists_public', models.BooleanField(default=False, help_text="the top decks' lists are shown to everyone once the event is finished")),
                ('state', models.CharField(choices=[('registration', 'Registration'), ('running', 'Running'), ('top-cut', 'Top Cut'), ('finished', 'Finished')], default='registration', max_length=12)),
                ('current_round', models.PositiveSmallIntegerField(default=0)),
                ('seed', models.CharField(blank=True, default='', help_text="round 1's random pairing comes from it", max_length=32)),
                ('started', models.DateTimeField(blank=True, null=True)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='events', to='collections.game')),
                ('organiser', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='organised_events', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['deadline', 'name'],
            },
        ),
        migrations.CreateModel(
            name='EventCheck',
            fields=[
                ('id', models.UUIDField(default=uuid.uuid4, editable=False, primary_key=True, serialize=False)),
                ('status', models.CharField(choices=[('queued', 'Queued'), ('running', 'Running'), ('done', 'Done'), ('failed', 'Failed')], default='queued', max_length=10)),
                ('total', models.PositiveIntegerField(default=0)),
                ('done', models.PositiveIntegerField(default=0)),
                ('legal', models.PositiveIntegerField(default=0)),
                ('illegal', models.PositiveIntegerField(default=0)),
                ('error', models.CharField(blank=True, default='', max_length=500)),
                ('claim', models.CharField(blank=True, default='', max_length=32)),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('started', models.DateTimeField(blank=True, null=True)),
                ('finished', models.DateTimeField(blank=True, null=True)),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='checks', to='decks.event')),
                ('requested_by', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-created'],
            },
        ),
        migrations.CreateModel(
            name='GoldfishJob',
            fields=[
                ('id', models.UUIDField(default=uuid.uuid4, editable=False, primary_key=True, serialize=False)),
                ('mode', models.CharField(max_length=20)),
                ('request', models.JSONField()),
                ('plan', models.JSONField()),
                ('trials', models.PositiveBigIntegerField()),
                ('seconds', models.FloatField(default=0.0)),
                ('client', models.CharField(blank=True, default='', max_length=64)),
                ('status', models.CharField(choices=[('queued', 'Queued'), ('running', 'Running'), ('done', 'Done'), ('failed', 'Failed'), ('cancelled', 'Cancelled')], default='queued', max_length=12)),
                ('progress', models.FloatField(default=0.0)),
                ('result', models.JSONField(blank=True, null=True)),
                ('error', models.TextField(blank=True, null=True)),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('updated', models.DateTimeField(auto_now=True)),
                ('owner', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='goldfish_jobs', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-created'],
            },
        ),
        migrations.CreateModel(
            name='GoldfishChunk',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('index', models.PositiveIntegerField()),
                ('first', models.PositiveIntegerField()),
                ('last', models.PositiveIntegerField()),
                ('trials', models.PositiveBigIntegerField()),
                ('status', models.CharField(choices=[('queued', 'Queued'), ('running', 'Running'), ('done', 'Done'), ('failed', 'Failed'), ('cancelled', 'Cancelled')], default='queued', max_length=12)),
                ('progress', models.FloatField(default=0.0)),
                ('counts', models.JSONField(blank=True, null=True)),
                ('task_id', models.CharField(blank=True, default='', max_length=255)),
                ('attempt', models.PositiveIntegerField(default=0)),
                ('updated', models.DateTimeField(auto_now=True)),
                ('job', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='chunks', to='decks.goldfishjob')),
            ],
            options={
                'ordering': ['job', 'index'],
            },
        ),
        migrations.CreateModel(
            name='Registration',
            fields=[
                ('id', models.UUIDField(default=uuid.uuid4, editable=False, primary_key=True, serialize=False)),
                ('deck_name', models.CharField(max_length=120)),
                ('deck_version', models.PositiveIntegerField()),
                ('format', models.CharField(max_length=60)),
                ('cards', models.JSONField(default=list)),
                ('decklist', models.TextField(help_text='the canonical text of the list (deck-format.md export)')),
                ('list_hash', models.CharField(help_text='a short hash of `decklist`, printed for judges', max_length=9)),
                ('card_count', models.PositiveIntegerField(default=0)),
                ('validation', models.JSONField(default=dict)),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('active', models.BooleanField(default=True)),
                ('replaced', models.DateTimeField(blank=True, null=True)),
                ('recheck', models.JSONField(blank=True, null=True)),
                ('recheck_legal', models.BooleanField(blank=True, null=True)),
                ('rechecked', models.DateTimeField(blank=True, null=True)),
                ('deck', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='registrations', to='decks.deck')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='registrations', to='decks.event')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='registrations', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['event', 'created'],
            },
        ),
        migrations.CreateModel(
            name='Player',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('dropped', models.BooleanField(default=False)),
                ('dropped_after', models.PositiveSmallIntegerField(blank=True, help_text='the round they dropped after', null=True)),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='players', to='decks.event')),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='event_players', to=settings.AUTH_USER_MODEL)),
                ('registration', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='decks.registration')),
            ],
            options={
                'ordering': ['event', 'id'],
            },
        ),
        migrations.CreateModel(
            name='Round',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField()),
                ('kind', models.CharField(choices=[('swiss', 'Swiss'), ('top-cut', 'Top Cut')], default='swiss', max_length=8)),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='tournament_rounds', to='decks.event')),
            ],
            options={
                'ordering': ['event', 'number'],
            },
        ),
        migrations.CreateModel(
            name='Match',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('table', models.PositiveSmallIntegerField()),
                ('wins_a', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('wins_b', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('draws', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('confirmed', models.BooleanField(default=False, help_text='agreed by both players, entered by the organiser, a bye')),
                ('report_a', models.JSONField(blank=True, null=True)),
                ('report_b', models.JSONField(blank=True, null=True)),
                ('updated', models.DateTimeField(auto_now=True)),
                ('player_a', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='decks.player')),
                ('player_b', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='decks.player')),
                ('round', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='matches', to='decks.round')),
            ],
            options={
                'ordering': ['round', 'table'],
            },
        ),
        migrations.CreateModel(
            name='TournamentFormat',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('slug', models.SlugField(max_length=60, unique=True)),
                ('name', models.CharField(max_length=120)),
                ('base_format', models.CharField(max_length=40)),
                ('banned_titles', models.JSONField(blank=True, default=list)),
                ('restricted_titles', models.JSONField(blank=True, default=list)),
                ('min_size', models.PositiveIntegerField(blank=True, null=True)),
                ('max_size', models.PositiveIntegerField(blank=True, null=True)),
                ('version', models.PositiveIntegerField(default=1)),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('updated', models.DateTimeField(auto_now=True)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='tournament_formats', to='collections.game')),
                ('legal_sets', models.ManyToManyField(blank=True, related_name='tournament_formats', to='collections.cardset')),
                ('organiser', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='tournament_formats', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['game__position', 'name'],
            },
        ),
        migrations.CreateModel(
            name='TournamentFormatVersion',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveIntegerField()),
                ('base_format', models.CharField(max_length=40)),
                ('banned_titles', models.JSONField(blank=True, default=list)),
                ('restricted_titles', models.JSONField(blank=True, default=list)),
                ('min_size', models.PositiveIntegerField(blank=True, null=True)),
                ('max_size', models.PositiveIntegerField(blank=True, null=True)),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('format', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='versions', to='decks.tournamentformat')),
                ('legal_sets', models.ManyToManyField(blank=True, related_name='+', to='collections.cardset')),
            ],
            options={
                'ordering': ['format', 'number'],
            },
        ),
        migrations.AddField(
            model_name='event',
            name='format_version',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='events', to='decks.tournamentformatversion'),
        ),
        migrations.AddIndex(
            model_name='deck',
            index=models.Index(fields=['owner', '-updated'], name='deck_owner_updated'),
        ),
        migrations.AddIndex(
            model_name='deck',
            index=models.Index(fields=['visibility', '-updated'], name='deck_visibility_updated'),
        ),
        migrations.AddIndex(
            model_name='deck',
            index=models.Index(fields=['format'], name='deck_format'),
        ),
        migrations.AddIndex(
            model_name='decknotice',
            index=models.Index(fields=['owner', 'dismissed'], name='deck_notice_owner_open'),
        ),
        migrations.AddConstraint(
            model_name='deckversion',
            constraint=models.UniqueConstraint(fields=('deck', 'number'), name='deck_version_number_unique'),
        ),
        migrations.AddIndex(
            model_name='goldfishjob',
            index=models.Index(fields=['owner', '-created'], name='goldfish_job_owner_created'),
        ),
        migrations.AddIndex(
            model_name='goldfishjob',
            index=models.Index(fields=['client', 'status'], name='goldfish_job_client_status'),
        ),
        migrations.AddConstraint(
            model_name='goldfishchunk',
            constraint=models.UniqueConstraint(fields=('job', 'index'), name='goldfish_chunk_unique_index'),
        ),
        migrations.AddConstraint(
            model_name='goldfishchunk',
            constraint=models.CheckConstraint(condition=models.Q(('first__lt', models.F('last'))), name='goldfish_chunk_not_empty'),
        ),
        migrations.AddConstraint(
            model_name='registration',
            constraint=models.UniqueConstraint(condition=models.Q(('active', True)), fields=('event', 'player'), name='registration_one_active_per_player'),
        ),
        migrations.AddConstraint(
            model_name='player',
            constraint=models.UniqueConstraint(fields=('event', 'user'), name='player_once_per_event'),
        ),
        migrations.AddConstraint(
            model_name='round',
            constraint=models.UniqueConstraint(fields=('event', 'number'), name='round_once_per_number'),
        ),
        migrations.AddConstraint(
            model_name='match',
            constraint=models.UniqueConstraint(fields=('round', 'table'), name='match_once_per_table'),
        ),
        migrations.AddConstraint(
            model_name='tournamentformat',
            constraint=models.CheckConstraint(condition=models.Q(('min_size__isnull', True), ('max_size__isnull', True), ('min_size__lte', models.F('max_size')), _connector='OR'), name='tournament_format_min_not_above_max'),
        ),
        migrations.AddConstraint(
            model_name='tournamentformatversion',
            constraint=models.UniqueConstraint(fields=('format', 'number'), name='tournament_format_version_unique_number'),
        ),
    
        migrations.AddField(
            model_name='deck',
            name='archived',
            field=models.BooleanField(default=False, help_text='hidden from the deck lists, still openable by its link'),
        ),
        migrations.AddField(
            model_name='deck',
            name='considering',
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AddField(
            model_name='deckversion',
            name='considering',
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.CreateModel(
            name='DeckFolder',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=120)),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('owner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='deck_folders', to=settings.AUTH_USER_MODEL)),
                ('parent', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='children', to='decks.deckfolder')),
            ],
            options={
                'ordering': ['name', 'id'],
            },
        ),
        migrations.AddField(
            model_name='deck',
            name='folder',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='decks', to='decks.deckfolder'),
        ),
        migrations.CreateModel(
            name='DeckTag',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=40)),
                ('deck', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='tags', to='decks.deck')),
            ],
            options={
                'ordering': ['name'],
            },
        ),
        migrations.AddConstraint(
            model_name='deckfolder',
            constraint=models.UniqueConstraint(fields=('owner', 'parent', 'name'), name='deck_folder_name_unique'),
        ),
        migrations.AddConstraint(
            model_name='deckfolder',
            constraint=models.UniqueConstraint(condition=models.Q(('parent__isnull', True)), fields=('owner', 'name'), name='deck_folder_top_name_unique'),
        ),
        migrations.AddIndex(
            model_name='decktag',
            index=models.Index(fields=['name'], name='deck_tag_name'),
        ),
        migrations.AddConstraint(
            model_name='decktag',
            constraint=models.UniqueConstraint(fields=('deck', 'name'), name='deck_tag_unique'),
        ),
    
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
    
        migrations.AddField(
            model_name="deck",
            name="likes",
            field=models.PositiveIntegerField(default=0, help_text="players who like (bookmarked) it"),
        ),
        migrations.AddField(
            model_name="deck",
            name="views",
            field=models.PositiveIntegerField(
                default=0, help_text="visits of its page by others (one per visitor an hour)"
            ),
        ),
        migrations.CreateModel(
            name="DeckLike",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("created", models.DateTimeField(auto_now_add=True)),
                (
                    "deck",
                    models.ForeignKey(
                        on_delete=models.deletion.CASCADE, related_name="liked_by", to="decks.deck"
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=models.deletion.CASCADE,
                        related_name="deck_likes",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["-created"],
                "constraints": [models.UniqueConstraint(fields=("user", "deck"), name="deck_like_once")],
            },
        ),
    
    ]
