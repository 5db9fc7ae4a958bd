"""Renderers of the games' screens in our own art: ``render(cells, ...)`` returns the picture
and its truth (:class:`gridsight.skins.common.Rendered`). The Disco Zoo screen and the drawing
helpers are still ``gridsight.skins`` (the Disco Zoo reader reads the shipped screen's text and
sprites with them); they join this package once it no longer does."""
