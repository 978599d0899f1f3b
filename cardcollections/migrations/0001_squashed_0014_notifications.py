"""The collections app's tables, squashed from 0001-0014 before the site went public (docs/deploy.md)."""

import cardcollections.catalog.models
import cardcollections.collection.models
import django.db.models.deletion
import django.db.models.functions.text
from django.conf import settings
from django.db import migrations, models

from rules.games import GAMES


def create_games(apps, schema_editor):
    Game = apps.get_model("collections", "Game")
    for position, game in enumerate(GAMES):
        Game.objects.update_or_create(
            slug=game.slug, defaults={"name": game.name, "collectible": game.collectible, "position": position}
        )


# On PostgreSQL the catalog search is a full-text match over search_text, through this index. The expression is
# exactly what SearchVector("search_text", config="simple") writes, so the planner uses it. It has no pending list
# (fastupdate off): catalogs are written rarely and in bulk and searched all the time, and a GIN pending list filled
# by a catalog load cost every search ~2.5 ms until a vacuum merged it.
FULL_TEXT_INDEX = (
    "CREATE INDEX IF NOT EXISTS card_search_text_fts ON collections_card "
    "USING gin (to_tsvector('simple'::regconfig, COALESCE(search_text, ''))) WITH (fastupdate = off)"
)


def full_text_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(FULL_TEXT_INDEX)


def drop_full_text_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("DROP INDEX IF EXISTS card_search_text_fts")


MODERATORS = "Card moderators"


def create_moderators(apps, schema_editor):
    """The moderators' group with the review permission (made here: permissions are otherwise made after migrating)."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")
    content_type, _ = ContentType.objects.get_or_create(app_label="collections", model="cardproposal")
    permission, _ = Permission.objects.get_or_create(
        content_type=content_type, codename="review_cardproposal", defaults={"name": "Can review card proposals"}
    )
    group, _ = Group.objects.get_or_create(name=MODERATORS)
    group.permissions.add(permission)


def remove_moderators(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=MODERATORS).delete()


class Migration(migrations.Migration):
    replaces = [
        ('collections', '0001_initial'),
        ('collections', '0002_games'),
        ('collections', '0003_search_trigram_index'),
        ('collections', '0004_search_fulltext_index'),
        ('collections', '0005_card_modified'),
        ('collections', '0006_collections_and_trades'),
        ('collections', '0007_card_listing_index'),
        ('collections', '0008_card_reservations'),
        ('collections', '0009_drop_drf_authtoken'),
        ('collections', '0010_import_confirm_empty'),
        ('collections', '0011_battle_cards_fixed_deck'),
        ('collections', '0012_card_provenance'),
        ('collections', '0013_card_proposals'),
        ('collections', '0014_notifications'),
    ]

    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.CreateModel(
            name='CardSet',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('code', models.CharField(max_length=20)),
                ('name', models.CharField(max_length=200)),
                ('released', models.DateField(blank=True, null=True)),
            ],
            options={
                'ordering': ['game__position', 'released', 'code'],
            },
        ),
        migrations.CreateModel(
            name='Game',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('slug', models.SlugField(max_length=40, unique=True)),
                ('name', models.CharField(max_length=100)),
                ('collectible', models.BooleanField(default=True)),
                ('position', models.PositiveSmallIntegerField(default=0)),
            ],
            options={
                'ordering': ['position'],
            },
        ),
        migrations.CreateModel(
            name='Card',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.CharField(max_length=20)),
                ('title', models.CharField(max_length=200)),
                ('title_key', models.CharField(db_index=True, editable=False, max_length=200)),
                ('text', models.TextField(blank=True, default='')),
                ('copies', models.PositiveIntegerField(default=1)),
                ('image_ref', models.CharField(blank=True, default='', max_length=500, verbose_name='image path in the catalog file')),
                ('extra', models.JSONField(blank=True, default=dict)),
                ('provenance', models.CharField(choices=[('published', 'published'), ('sample', 'sample'), ('community', 'community')], db_index=True, default='sample', max_length=10)),
                ('source', models.URLField(blank=True, default='', max_length=500)),
                ('rulings', models.JSONField(blank=True, default=list)),
                ('search_text', models.TextField(blank=True, default='', editable=False)),
                ('modified', models.DateTimeField(auto_now=True, db_index=True)),
                ('scan', models.ImageField(blank=True, max_length=300, upload_to=cardcollections.catalog.models.card_scan_path)),
                ('thumbnail', models.ImageField(blank=True, editable=False, max_length=300, upload_to='cards/thumbs/')),
                ('face', models.ImageField(blank=True, editable=False, max_length=300, upload_to='cards/faces/')),
                ('face_key', models.CharField(blank=True, default='', editable=False, max_length=64)),
                ('sacrifice', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('icon_strength', models.PositiveSmallIntegerField(default=0)),
                ('icon_wisdom', models.PositiveSmallIntegerField(default=0)),
                ('icon_faith', models.PositiveSmallIntegerField(default=0)),
                ('icon_histories', models.PositiveSmallIntegerField(default=0)),
                ('icon_trials', models.PositiveSmallIntegerField(default=0)),
                ('markers', models.JSONField(blank=True, default=list)),
                ('scripture', models.TextField(blank=True, default='')),
                ('reference', models.CharField(blank=True, default='', max_length=200)),
                ('standard_work', models.CharField(blank=True, default='', max_length=40)),
                ('advanced', models.BooleanField(default=False)),
                ('effects', models.JSONField(blank=True, default=list)),
                ('tags_key', models.CharField(blank=True, default='', editable=False, max_length=500)),
                ('type', models.CharField(blank=True, default='', max_length=20)),
                ('effort', models.PositiveIntegerField(blank=True, null=True)),
                ('offense', models.PositiveIntegerField(blank=True, null=True)),
                ('defense', models.PositiveIntegerField(blank=True, null=True)),
                ('food', models.PositiveIntegerField(default=0)),
                ('wisdom', models.PositiveIntegerField(default=0)),
                ('unique', models.BooleanField(default=False)),
                ('mounted', models.BooleanField(default=False)),
                ('abilities', models.TextField(blank=True, default='')),
                ('kind', models.CharField(blank=True, default='', max_length=20)),
                ('value', models.IntegerField(blank=True, null=True)),
                ('color', models.CharField(blank=True, default='', max_length=10)),
                ('shape', models.CharField(blank=True, default='', max_length=10)),
                ('power', models.CharField(blank=True, default='', max_length=40)),
                ('icon_names', models.JSONField(blank=True, default=list, verbose_name='icons (Warriors)')),
                ('alignment', models.CharField(blank=True, max_length=10, null=True)),
                ('points', models.IntegerField(blank=True, null=True)),
                ('prophet', models.BooleanField(default=False)),
                ('bonuses', models.JSONField(blank=True, default=list)),
                ('armory', models.CharField(blank=True, default='', max_length=60)),
                ('strength', models.PositiveIntegerField(blank=True, null=True)),
                ('skill', models.PositiveIntegerField(blank=True, null=True)),
                ('magic', models.PositiveIntegerField(blank=True, null=True)),
                ('terror', models.PositiveIntegerField(blank=True, null=True)),
                ('size', models.CharField(blank=True, default='', max_length=1)),
                ('card_set', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='cards', to='collections.cardset')),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='cards', to='collections.game')),
            ],
            options={
                'ordering': ['game__position', 'card_set__released', 'card_set__code', 'number'],
            },
        ),
        migrations.CreateModel(
            name='CollectionSettings',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('visibility', models.CharField(choices=[('private', 'Private: only me'), ('link', 'Anyone with the link'), ('public', 'Public')], default='private', max_length=10)),
                ('share_token', models.CharField(default=cardcollections.collection.models.new_share_token, max_length=64, unique=True)),
                ('owner', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='collection_settings', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name_plural': 'collection settings',
            },
        ),
        migrations.AddField(
            model_name='cardset',
            name='game',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='sets', to='collections.game'),
        ),
        migrations.CreateModel(
            name='CardReservation',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('holder', models.CharField(max_length=80)),
                ('holder_label', models.CharField(max_length=200)),
                ('holder_url', models.CharField(blank=True, default='', max_length=300)),
                ('title_key', models.CharField(max_length=200)),
                ('title', models.CharField(max_length=200)),
                ('quantity', models.PositiveIntegerField()),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('owner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='card_reservations', to=settings.AUTH_USER_MODEL)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='collections.game')),
            ],
            options={
                'ordering': ['owner', 'holder', 'title_key'],
            },
        ),
        migrations.CreateModel(
            name='ImportJob',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('format', models.CharField(choices=[('csv', 'CSV (Count,Name,Set,Number,Condition,Notes)'), ('decklist', 'Deck-list text')], default='csv', max_length=10)),
                ('mode', models.CharField(choices=[('add', 'Add to my collection'), ('replace', 'Replace my collection of this game')], default='add', max_length=10)),
                ('confirm_empty', models.BooleanField(default=False)),
                ('status', models.CharField(choices=[('queued', 'Queued'), ('running', 'Running'), ('done', 'Done'), ('failed', 'Failed')], db_index=True, default='queued', max_length=10)),
                ('text', models.TextField()),
                ('total_rows', models.PositiveIntegerField(default=0)),
                ('progress', models.FloatField(default=0.0)),
                ('errors', models.JSONField(blank=True, default=list)),
                ('summary', models.JSONField(blank=True, default=dict)),
                ('claim', models.CharField(blank=True, default='', max_length=32)),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('started', models.DateTimeField(blank=True, null=True)),
                ('finished', models.DateTimeField(blank=True, null=True)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='collections.game')),
                ('owner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='import_jobs', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-id'],
            },
        ),
        migrations.CreateModel(
            name='Trade',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('status', models.CharField(choices=[('proposed', 'Proposed'), ('accepted', 'Accepted'), ('declined', 'Declined'), ('withdrawn', 'Withdrawn'), ('countered', 'Countered')], db_index=True, default='proposed', max_length=10)),
                ('message', models.CharField(blank=True, default='', max_length=1000)),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('updated', models.DateTimeField(auto_now=True)),
                ('parent', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='counters', to='collections.trade')),
                ('proposer', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='trades_proposed', to=settings.AUTH_USER_MODEL)),
                ('recipient', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='trades_received', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-id'],
            },
        ),
        migrations.CreateModel(
            name='LedgerEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('condition', models.CharField(blank=True, choices=[('', 'Not stated'), ('M', 'Mint'), ('NM', 'Near Mint'), ('LP', 'Lightly Played'), ('MP', 'Moderately Played'), ('HP', 'Heavily Played'), ('D', 'Damaged')], default='', max_length=2)),
                ('delta', models.IntegerField()),
                ('balance', models.PositiveIntegerField(help_text='the quantity after this change')),
                ('reason', models.CharField(choices=[('manual', 'Manual edit'), ('import', 'Import (add)'), ('replace', 'Import (replace)'), ('trade', 'Trade')], max_length=10)),
                ('created', models.DateTimeField(auto_now_add=True, db_index=True)),
                ('actor', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('card', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='collections.card')),
                ('import_job', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='collections.importjob')),
                ('owner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ledger_entries', to=settings.AUTH_USER_MODEL)),
                ('trade', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='collections.trade')),
            ],
            options={
                'verbose_name_plural': 'ledger entries',
                'ordering': ['-id'],
            },
        ),
        migrations.CreateModel(
            name='TradeLine',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('side', models.CharField(choices=[('proposer', 'Proposer gives'), ('recipient', 'Recipient gives')], max_length=10)),
                ('condition', models.CharField(blank=True, choices=[('', 'Not stated'), ('M', 'Mint'), ('NM', 'Near Mint'), ('LP', 'Lightly Played'), ('MP', 'Moderately Played'), ('HP', 'Heavily Played'), ('D', 'Damaged')], default='', max_length=2)),
                ('quantity', models.PositiveIntegerField()),
                ('card', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='collections.card')),
                ('trade', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='lines', to='collections.trade')),
            ],
            options={
                'ordering': ['id'],
            },
        ),
        migrations.CreateModel(
            name='WishlistEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('title_key', models.CharField(max_length=200)),
                ('title', models.CharField(max_length=200)),
                ('wanted', models.PositiveIntegerField()),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('card', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='wishlist_entries', to='collections.card')),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='collections.game')),
                ('owner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='wishlist_entries', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['title_key', 'id'],
            },
        ),
        migrations.CreateModel(
            name='CollectionEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('condition', models.CharField(blank=True, choices=[('', 'Not stated'), ('M', 'Mint'), ('NM', 'Near Mint'), ('LP', 'Lightly Played'), ('MP', 'Moderately Played'), ('HP', 'Heavily Played'), ('D', 'Damaged')], default='', max_length=2)),
                ('quantity', models.PositiveIntegerField(default=0)),
                ('for_trade', models.PositiveIntegerField(default=0)),
                ('notes', models.CharField(blank=True, default='', max_length=500)),
                ('updated', models.DateTimeField(auto_now=True)),
                ('card', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='collection_entries', to='collections.card')),
                ('owner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='collection_entries', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name_plural': 'collection entries',
                'indexes': [models.Index(fields=['card', 'owner'], name='collections_card_id_598c69_idx')],
                'constraints': [models.UniqueConstraint(fields=('owner', 'card', 'condition'), name='uniq_collection_entry'), models.CheckConstraint(condition=models.Q(('quantity__gte', 0)), name='collection_quantity_not_negative'), models.CheckConstraint(condition=models.Q(('for_trade__gte', 0)), name='collection_for_trade_not_negative'), models.CheckConstraint(condition=models.Q(('for_trade__lte', models.F('quantity'))), name='collection_for_trade_le_owned')],
            },
        ),
        migrations.AddConstraint(
            model_name='cardset',
            constraint=models.UniqueConstraint(fields=('game', 'code'), name='uniq_set_code_per_game'),
        ),
        migrations.AddIndex(
            model_name='cardreservation',
            index=models.Index(fields=['owner', 'game', 'title_key'], name='reservation_owner_title'),
        ),
        migrations.AddConstraint(
            model_name='cardreservation',
            constraint=models.UniqueConstraint(fields=('owner', 'holder', 'title_key'), name='reservation_unique_per_holder'),
        ),
        migrations.AddConstraint(
            model_name='cardreservation',
            constraint=models.CheckConstraint(condition=models.Q(('quantity__gte', 1)), name='reservation_quantity_positive'),
        ),
        migrations.AddIndex(
            model_name='card',
            index=models.Index(fields=['game', 'title_key'], name='collections_game_id_60eda4_idx'),
        ),
        migrations.AddIndex(
            model_name='card',
            index=models.Index(fields=['game', 'type'], name='collections_game_id_35737c_idx'),
        ),
        migrations.AddIndex(
            model_name='card',
            index=models.Index(fields=['game', 'sacrifice'], name='collections_game_id_af5e4f_idx'),
        ),
        migrations.AddIndex(
            model_name='card',
            index=models.Index(django.db.models.functions.text.Lower('title'), name='card_title_lower'),
        ),
        migrations.AddConstraint(
            model_name='card',
            constraint=models.UniqueConstraint(fields=('card_set', 'number'), name='uniq_card_number_per_set'),
        ),
        migrations.AddConstraint(
            model_name='importjob',
            constraint=models.CheckConstraint(condition=models.Q(('progress__gte', 0), ('progress__lte', 1)), name='import_progress_0_1'),
        ),
        migrations.AddConstraint(
            model_name='trade',
            constraint=models.CheckConstraint(condition=models.Q(('proposer', models.F('recipient')), _negated=True), name='trade_two_users'),
        ),
        migrations.AddIndex(
            model_name='ledgerentry',
            index=models.Index(fields=['owner', 'card', 'condition', 'id'], name='collections_owner_i_0e88a2_idx'),
        ),
        migrations.AddConstraint(
            model_name='ledgerentry',
            constraint=models.CheckConstraint(condition=models.Q(('delta', 0), _negated=True), name='ledger_delta_not_zero'),
        ),
        migrations.AddConstraint(
            model_name='tradeline',
            constraint=models.CheckConstraint(condition=models.Q(('quantity__gt', 0)), name='trade_line_quantity_positive'),
        ),
        migrations.AddConstraint(
            model_name='tradeline',
            constraint=models.UniqueConstraint(fields=('trade', 'side', 'card', 'condition'), name='uniq_trade_line'),
        ),
        migrations.AddIndex(
            model_name='wishlistentry',
            index=models.Index(fields=['game', 'title_key'], name='collections_game_id_34a7c2_idx'),
        ),
        migrations.AddConstraint(
            model_name='wishlistentry',
            constraint=models.CheckConstraint(condition=models.Q(('wanted__gt', 0)), name='wishlist_wanted_positive'),
        ),
        migrations.AddConstraint(
            model_name='wishlistentry',
            constraint=models.UniqueConstraint(condition=models.Q(('card__isnull', False)), fields=('owner', 'card'), name='uniq_wishlist_printing'),
        ),
        migrations.AddConstraint(
            model_name='wishlistentry',
            constraint=models.UniqueConstraint(condition=models.Q(('card__isnull', True)), fields=('owner', 'game', 'title_key'), name='uniq_wishlist_title'),
        ),
        migrations.RunPython(create_games, migrations.RunPython.noop),
        migrations.RunPython(full_text_index, drop_full_text_index),
    
        migrations.CreateModel(
            name="CardProposal",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "kind",
                    models.CharField(
                        choices=[("new", "new card"), ("edit", "edit of a card"), ("bulk", "bulk file")], max_length=4
                    ),
                ),
                ("document", models.JSONField(default=dict)),
                ("source", models.CharField(max_length=500, verbose_name="source (a link or a note)")),
                ("scan", models.FileField(blank=True, max_length=300, upload_to="proposals/")),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("pending", "waiting for review"),
                            ("changes", "changes asked"),
                            ("approved", "approved"),
                            ("rejected", "rejected"),
                        ],
                        db_index=True,
                        default="pending",
                        max_length=8,
                    ),
                ),
                ("review_note", models.TextField(blank=True, default="")),
                ("created", models.DateTimeField(auto_now_add=True)),
                ("updated", models.DateTimeField(auto_now=True)),
                (
                    "card",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="proposals",
                        to="collections.card",
                    ),
                ),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="proposals", to="collections.game"
                    ),
                ),
                (
                    "proposer",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="card_proposals",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "reviewer",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["-updated", "-id"],
                "permissions": [("review_cardproposal", "Can review card proposals")],
            },
        ),
        migrations.CreateModel(
            name="CardRevision",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("created", models.DateTimeField(auto_now_add=True)),
                ("created_card", models.BooleanField(default=False)),
                ("changes", models.JSONField(default=list)),
                (
                    "approved_by",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "card",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="revisions", to="collections.card"
                    ),
                ),
                (
                    "proposal",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="revisions",
                        to="collections.cardproposal",
                    ),
                ),
                (
                    "proposed_by",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["-created", "-id"],
            },
        ),
        migrations.RunPython(create_moderators, remove_moderators),
    
        migrations.CreateModel(
            name="Notification",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("trade-proposed", "Trade offered"),
                            ("trade-countered", "Trade countered"),
                            ("trade-accepted", "Trade accepted"),
                            ("trade-declined", "Trade declined"),
                            ("trade-withdrawn", "Trade withdrawn"),
                            ("registration-refused", "Registration refused"),
                            ("registration-illegal", "Registration illegal on re-check"),
                            ("deck-illegal", "Deck made illegal by a format change"),
                            ("proposal-reviewed", "Card proposal reviewed"),
                        ],
                        max_length=24,
                    ),
                ),
                ("message", models.CharField(max_length=500)),
                ("url", models.CharField(blank=True, default="", max_length=200)),
                ("created", models.DateTimeField(auto_now_add=True)),
                ("read", models.DateTimeField(blank=True, null=True)),
                ("emailed", models.DateTimeField(blank=True, null=True)),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=models.deletion.CASCADE,
                        related_name="notifications",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["-id"],
                "indexes": [models.Index(fields=["user", "read"], name="notification_user_read")],
            },
        ),
        migrations.CreateModel(
            name="NotificationSettings",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("email", models.BooleanField(default=True, help_text="send notifications by email too")),
                (
                    "user",
                    models.OneToOneField(
                        on_delete=models.deletion.CASCADE,
                        related_name="notification_settings",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={"verbose_name_plural": "notification settings"},
        ),
    
    ]
