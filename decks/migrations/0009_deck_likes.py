from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0008_comments_follows"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
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
