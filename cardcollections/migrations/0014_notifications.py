from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("collections", "0013_card_proposals"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
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
