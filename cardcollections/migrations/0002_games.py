from django.db import migrations

from rules.games import GAMES


def create_games(apps, schema_editor):
    Game = apps.get_model("collections", "Game")
    for position, game in enumerate(GAMES):
        Game.objects.update_or_create(
            slug=game.slug, defaults={"name": game.name, "collectible": game.collectible, "position": position}
        )


class Migration(migrations.Migration):
    dependencies = [("collections", "0001_initial")]
    operations = [migrations.RunPython(create_games, migrations.RunPython.noop)]
