"""The look: how the app looks and reads.

Card art drawn as SVG (:mod:`.art`, :mod:`.art_themes`), the sprites made from it
(:mod:`.sprites`), the icon (:mod:`.icon`), the colours (:mod:`.theme`), fonts
(:mod:`.fonts`), text drawing helpers (:mod:`.ui`), the bundled files (:mod:`.assets`)
and the translations (:mod:`.i18n`). Knows no game, no record, no scene.
"""
