"""The themes' scenes of tools/screens.py: which settings each needs, and the sheet."""

from __future__ import annotations

THEMES: dict[str, dict[str, str | bool]] = {
    **{f"back-{back}": {"card_back": back} for back in ("moons", "lattice", "waves")},
    **{
        f"table-{colour}": {"table_colour": colour}
        for colour in ("green", "blue", "red", "charcoal")
    },
    "large": {"deck": "large"},
    "large-halfmoon": {"deck": "large"},
    "large-four": {"deck": "large", "four_colour": True},
    "sheet": {},
}
"""The themes' scenes (``--scenes themes``): each back and table colour, the large-index
deck, each on a table that shows it (backs: Crescent's face-down cards), with the settings
they need; ``sheet`` shows every back and table colour whole, and large-index faces, at
the size of Crescent's cards. Every other scene is shot with the default look."""
LOOK: dict[str, str | bool] = {
    "deck": "classic",
    "card_back": "moons",
    "table_colour": "green",
    "four_colour": False,
}


def sheet(ctx):
    """A scene showing each back whole on each table colour, and large-index faces."""
    from game.games.catalog import KINDS
    from game.look import theme
    from game.rules.cards import Card
    from game.scenes.base import Scene
    from game.table.layout import compute_layout

    class Sheet(Scene):
        def draw(self, surface, alpha):
            import pygame

            width, height = self.size
            card = compute_layout(width, height, KINDS[1].table).card
            bands = list(theme.TABLES.values())
            for index, (felt, _dark, _edge) in enumerate(bands):
                surface.fill(felt, (index * width // 4, 0, width // 4 + 1, height))
            gap = card[0] // 4
            y = (height - 2 * card[1] - gap) // 2
            for column, back in enumerate(("moons", "lattice", "waves", "")):
                x = (2 * column + 1) * width // 8 - card[0] // 2
                ctx.art.set_look("classic", back or "moons")
                image = ctx.art.face(Card.parse("QH"), card) if not back else ctx.art.back(card)
                surface.blit(image, (x, y))  # the three backs and a classic face
            ctx.art.set_look("large", "moons")
            faces = ("10H", "AS", "QD", "KC", "7D", "JC", "9H", "2S")
            step = min(card[0] + gap // 2, (width - card[0]) // len(faces))
            left = (width - step * (len(faces) - 1) - card[0]) // 2
            for index, name in enumerate(faces):
                face = ctx.art.face(Card.parse(name), card, index >= 4)
                surface.blit(face, (left + index * step, y + card[1] + gap))
            return [pygame.Rect((0, 0), self.size)]

    return Sheet(ctx)
