from django.db import migrations


def fixed_deck(apps, schema_editor):
    # Battle Cards deals out all its cards (battle-cards.txt): a fixed-deck game, not a collectible one.
    apps.get_model("collections", "Game").objects.filter(slug="battle-cards").update(collectible=False)


def collectible(apps, schema_editor):
    apps.get_model("collections", "Game").objects.filter(slug="battle-cards").update(collectible=True)


class Migration(migrations.Migration):
    dependencies = [("collections", "0010_import_confirm_empty")]
    operations = [migrations.RunPython(fixed_deck, collectible)]
